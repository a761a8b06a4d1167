#include "loader.h"

#include <string.h>

void pp_library_open(pp_library *library, const char *const *names, int count, const char *missing) {
    for (int i = 0; i < count && !library->handle; i++) library->handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!library->handle) snprintf(library->error, sizeof library->error, "%s", missing);
}

void *pp_library_symbol(pp_library *library, const char *name) {
    if (!library->handle) return NULL;
    void *found = dlsym(library->handle, name);
    if (!found && !library->error[0]) snprintf(library->error, sizeof library->error, "the installed library lacks %s", name);
    return found;
}

int pp_library_status(pp_library *library, char *message, size_t message_size) {
    if (library->loaded) return 0;
    if (message && message_size) snprintf(message, message_size, "%s", library->error);
    return -1;
}
