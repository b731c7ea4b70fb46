package claimlog

import (
	"errors"
	"io/fs"
)

// Locate is where a reader of the claim log finds it when told nowhere:
// def (the daemon's), unless def holds no log (missing, or without a log
// file), then fallback (the simulated table's) when that holds one.
// A log in def that cannot be read is def, to be said so (permission
// denied), never passed over for another one. looked lists every
// directory tried, so that "no claim log" can say where it looked.
func Locate(def, fallback string) (dir string, looked []string) {
	if files, err := Files(def); err == nil && len(files) > 0 || err != nil && !errors.Is(err, fs.ErrNotExist) {
		return def, []string{def}
	}
	if fallback == def {
		return def, []string{def}
	}
	if files, err := Files(fallback); err == nil && len(files) > 0 {
		return fallback, []string{def, fallback}
	}
	return def, []string{def, fallback}
}
