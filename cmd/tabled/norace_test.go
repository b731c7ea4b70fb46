//go:build !race

package main

// raceEnabled: the race detector is on, and child processes start slowly.
const raceEnabled = false
