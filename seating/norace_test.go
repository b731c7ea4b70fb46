//go:build !race

package seating

// raceEnabled: the race detector is off (race_test.go).
const raceEnabled = false
