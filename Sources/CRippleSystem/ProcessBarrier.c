#include "CRippleSystem.h"

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>

// The commands of membarrier(2), spelled out so that no kernel header is needed.
enum {
    command_query = 0,
    command_private_expedited = 1 << 3,
    command_register_private_expedited = 1 << 4,
};

int ripple_register_process_barrier(void) {
#if defined(__NR_membarrier)
    long commands = syscall(__NR_membarrier, command_query, 0, 0);
    if (commands < 0 || (commands & command_private_expedited) == 0) return 0;
    return syscall(__NR_membarrier, command_register_private_expedited, 0, 0) == 0;
#else
    return 0;
#endif
}

int ripple_process_barrier(void) {
#if defined(__NR_membarrier)
    return syscall(__NR_membarrier, command_private_expedited, 0, 0) == 0;
#else
    return 0;
#endif
}

#else

int ripple_register_process_barrier(void) { return 0; }
int ripple_process_barrier(void) { return 0; }

#endif
