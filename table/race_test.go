//go:build race

package table

// raceEnabled: the replay property test steps one goroutine's core, where
// the race detector finds nothing and only slows it tenfold, so it plays
// fewer games under it.
const raceEnabled = true
