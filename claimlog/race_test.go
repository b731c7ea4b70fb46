//go:build race

package claimlog

// raceEnabled: under the race detector every child starts slowly, so the
// crash test kills fewer.
const raceEnabled = true
