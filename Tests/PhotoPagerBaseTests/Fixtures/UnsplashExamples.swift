import Foundation

/// The photo objects from the Unsplash API documentation (https://unsplash.com/documentation),
/// copied as printed there except that the `// …` comments JSON cannot hold were removed and the
/// comma missing after "download" in the "Get a photo" example was added.
enum UnsplashExamples {
    /// `GET /photos` ("List photos"): an array of photo objects.
    static let listPhotos = #"""
    [
      {
        "id": "LBI7cgq3pbM",
        "created_at": "2016-05-03T11:00:28-04:00",
        "updated_at": "2016-07-10T11:00:01-05:00",
        "width": 5245,
        "height": 3497,
        "color": "#60544D",
        "blur_hash": "LoC%a7IoIVxZ_NM|M{s:%hRjWAo0",
        "likes": 12,
        "liked_by_user": false,
        "description": "A man drinking a coffee.",
        "user": {
          "id": "pXhwzz1JtQU",
          "username": "poorkane",
          "name": "Gilbert Kane",
          "portfolio_url": "https://theylooklikeeggsorsomething.com/",
          "bio": "XO",
          "location": "Way out there",
          "total_likes": 5,
          "total_photos": 74,
          "total_collections": 52,
          "instagram_username": "instantgrammer",
          "twitter_username": "crew",
          "profile_image": {
            "small": "https://images.unsplash.com/face-springmorning.jpg?q=80&fm=jpg&crop=faces&fit=crop&h=32&w=32",
            "medium": "https://images.unsplash.com/face-springmorning.jpg?q=80&fm=jpg&crop=faces&fit=crop&h=64&w=64",
            "large": "https://images.unsplash.com/face-springmorning.jpg?q=80&fm=jpg&crop=faces&fit=crop&h=128&w=128"
          },
          "links": {
            "self": "https://api.unsplash.com/users/poorkane",
            "html": "https://unsplash.com/poorkane",
            "photos": "https://api.unsplash.com/users/poorkane/photos",
            "likes": "https://api.unsplash.com/users/poorkane/likes",
            "portfolio": "https://api.unsplash.com/users/poorkane/portfolio"
          }
        },
        "current_user_collections": [
          {
            "id": 206,
            "title": "Makers: Cat and Ben",
            "published_at": "2016-01-12T18:16:09-05:00",
            "last_collected_at": "2016-06-02T13:10:03-04:00",
            "updated_at": "2016-07-10T11:00:01-05:00",
            "cover_photo": null,
            "user": null
          }
        ],
        "urls": {
          "raw": "https://images.unsplash.com/face-springmorning.jpg",
          "full": "https://images.unsplash.com/face-springmorning.jpg?q=75&fm=jpg",
          "regular": "https://images.unsplash.com/face-springmorning.jpg?q=75&fm=jpg&w=1080&fit=max",
          "small": "https://images.unsplash.com/face-springmorning.jpg?q=75&fm=jpg&w=400&fit=max",
          "thumb": "https://images.unsplash.com/face-springmorning.jpg?q=75&fm=jpg&w=200&fit=max"
        },
        "links": {
          "self": "https://api.unsplash.com/photos/LBI7cgq3pbM",
          "html": "https://unsplash.com/photos/LBI7cgq3pbM",
          "download": "https://unsplash.com/photos/LBI7cgq3pbM/download",
          "download_location": "https://api.unsplash.com/photos/LBI7cgq3pbM/download"
        }
      }
    ]
    """#

    /// `GET /photos/:id` ("Get a photo"): one photo object, with `exif` and `location`.
    static let getPhoto = #"""
    {
      "id": "Dwu85P9SOIk",
      "created_at": "2016-05-03T11:00:28-04:00",
      "updated_at": "2016-07-10T11:00:01-05:00",
      "width": 2448,
      "height": 3264,
      "color": "#6E633A",
      "blur_hash": "LFC$yHwc8^$yIAS$%M%00KxukYIp",
      "downloads": 1345,
      "likes": 24,
      "liked_by_user": false,
      "public_domain": false,
      "description": "A man drinking a coffee.",
      "exif": {
        "make": "Canon",
        "model": "Canon EOS 40D",
        "name": "Canon, EOS 40D",
        "exposure_time": "0.011111111111111112",
        "aperture": "4.970854",
        "focal_length": "37",
        "iso": 100
      },
      "location": {
        "city": "Montreal",
        "country": "Canada",
        "position": {
          "latitude": 45.473298,
          "longitude": -73.638488
        }
      },
      "tags": [
        { "title": "man" },
        { "title": "drinking" },
        { "title": "coffee" }
      ],
      "current_user_collections": [
        {
          "id": 206,
          "title": "Makers: Cat and Ben",
          "published_at": "2016-01-12T18:16:09-05:00",
          "last_collected_at": "2016-06-02T13:10:03-04:00",
          "updated_at": "2016-07-10T11:00:01-05:00",
          "cover_photo": null,
          "user": null
        }
      ],
      "urls": {
        "raw": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d",
        "full": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?q=75&fm=jpg",
        "regular": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?q=75&fm=jpg&w=1080&fit=max",
        "small": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?q=75&fm=jpg&w=400&fit=max",
        "thumb": "https://images.unsplash.com/photo-1417325384643-aac51acc9e5d?q=75&fm=jpg&w=200&fit=max"
      },
      "links": {
        "self": "https://api.unsplash.com/photos/Dwu85P9SOIk",
        "html": "https://unsplash.com/photos/Dwu85P9SOIk",
        "download": "https://unsplash.com/photos/Dwu85P9SOIk/download",
        "download_location": "https://api.unsplash.com/photos/Dwu85P9SOIk/download"
      },
      "user": {
        "id": "QPxL2MGqfrw",
        "updated_at": "2016-07-10T11:00:01-05:00",
        "username": "exampleuser",
        "name": "Joe Example",
        "portfolio_url": "https://example.com/",
        "bio": "Just an everyday Joe",
        "location": "Montreal",
        "total_likes": 5,
        "total_photos": 10,
        "total_collections": 13,
        "links": {
          "self": "https://api.unsplash.com/users/exampleuser",
          "html": "https://unsplash.com/exampleuser",
          "photos": "https://api.unsplash.com/users/exampleuser/photos",
          "likes": "https://api.unsplash.com/users/exampleuser/likes",
          "portfolio": "https://api.unsplash.com/users/exampleuser/portfolio"
        }
      }
    }
    """#

    /// `GET /search/photos` ("Search photos"): a reply wrapping the photos in `results`.
    static let searchPhotos = #"""
    {
      "total": 133,
      "total_pages": 7,
      "results": [
        {
          "id": "eOLpJytrbsQ",
          "created_at": "2014-11-18T14:35:36-05:00",
          "width": 4000,
          "height": 3000,
          "color": "#A7A2A1",
          "blur_hash": "LaLXMa9Fx[D%~q%MtQM|kDRjtRIU",
          "likes": 286,
          "liked_by_user": false,
          "description": "A man drinking a coffee.",
          "user": {
            "id": "Ul0QVz12Goo",
            "username": "ugmonk",
            "name": "Jeff Sheldon",
            "first_name": "Jeff",
            "last_name": "Sheldon",
            "instagram_username": "instantgrammer",
            "twitter_username": "ugmonk",
            "portfolio_url": "http://ugmonk.com/",
            "profile_image": {
              "small": "https://images.unsplash.com/profile-1441298803695-accd94000cac?ixlib=rb-0.3.5&q=80&fm=jpg&crop=faces&cs=tinysrgb&fit=crop&h=32&w=32&s=7cfe3b93750cb0c93e2f7caec08b5a41",
              "medium": "https://images.unsplash.com/profile-1441298803695-accd94000cac?ixlib=rb-0.3.5&q=80&fm=jpg&crop=faces&cs=tinysrgb&fit=crop&h=64&w=64&s=5a9dc749c43ce5bd60870b129a40902f",
              "large": "https://images.unsplash.com/profile-1441298803695-accd94000cac?ixlib=rb-0.3.5&q=80&fm=jpg&crop=faces&cs=tinysrgb&fit=crop&h=128&w=128&s=32085a077889586df88bfbe406692202"
            },
            "links": {
              "self": "https://api.unsplash.com/users/ugmonk",
              "html": "http://unsplash.com/@ugmonk",
              "photos": "https://api.unsplash.com/users/ugmonk/photos",
              "likes": "https://api.unsplash.com/users/ugmonk/likes"
            }
          },
          "current_user_collections": [],
          "urls": {
            "raw": "https://images.unsplash.com/photo-1416339306562-f3d12fefd36f",
            "full": "https://hd.unsplash.com/photo-1416339306562-f3d12fefd36f",
            "regular": "https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?ixlib=rb-0.3.5&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=1080&fit=max&s=92f3e02f63678acc8416d044e189f515",
            "small": "https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?ixlib=rb-0.3.5&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=400&fit=max&s=263af33585f9d32af39d165b000845eb",
            "thumb": "https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?ixlib=rb-0.3.5&q=80&fm=jpg&crop=entropy&cs=tinysrgb&w=200&fit=max&s=8aae34cf35df31a592f0bef16e6342ef"
          },
          "links": {
            "self": "https://api.unsplash.com/photos/eOLpJytrbsQ",
            "html": "http://unsplash.com/photos/eOLpJytrbsQ",
            "download": "http://unsplash.com/photos/eOLpJytrbsQ/download"
          }
        }
      ]
    }
    """#

    static func data(_ json: String) -> Data { Data(json.utf8) }
}
