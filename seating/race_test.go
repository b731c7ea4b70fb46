//go:build race

package seating

// raceEnabled: the race detector is on. The package starts no goroutine,
// so it finds nothing here, and it slows the searches tenfold: the long
// cases skip under it, and .ci/run runs this package without it as well.
const raceEnabled = true
