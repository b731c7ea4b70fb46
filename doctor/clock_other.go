//go:build !linux

package doctor

import "errors"

// clockSynced is known only on Linux.
func clockSynced() (bool, error) { return false, errors.New("not on Linux") }
