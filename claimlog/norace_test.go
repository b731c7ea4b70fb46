//go:build !race

package claimlog

const raceEnabled = false
