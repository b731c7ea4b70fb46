package doctor

import "syscall"

// staUnsync is the kernel's STA_UNSYNC status bit: the clock is not
// synchronised (what timedatectl shows as "System clock synchronized").
const staUnsync = 0x0040

// clockSynced asks the kernel, as timedatectl does, without changing anything.
func clockSynced() (bool, error) {
	var tx syscall.Timex
	if _, err := syscall.Adjtimex(&tx); err != nil {
		return false, err
	}
	return tx.Status&staUnsync == 0, nil
}
