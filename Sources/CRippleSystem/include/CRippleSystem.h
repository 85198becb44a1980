#ifndef CRIPPLE_SYSTEM_H
#define CRIPPLE_SYSTEM_H

/// Registers the process for expedited private memory barriers (Linux's
/// `membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED)`); returns 1 if the
/// kernel offers them and the registration succeeded, 0 otherwise (another
/// operating system, an old kernel, or a sandbox that refuses the system call).
int ripple_register_process_barrier(void);

/// Makes every running thread of the process execute a full memory barrier
/// before it returns (`membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)`); returns 1
/// on success. Call only after `ripple_register_process_barrier` returned 1.
int ripple_process_barrier(void);

#endif
