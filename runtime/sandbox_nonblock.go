//go:build !js && !windows

package runtime

import "syscall"

// openNonblock keeps an open from blocking on a FIFO (the file is then
// refused as not regular).
const openNonblock = syscall.O_NONBLOCK
