// Package buttons turns call buttons into presses stamped at their first
// edge. A button is a periph.io gpio.PinIn, on a Pi header pin or on an
// MCP23017 expander whose INT line is on a header pin; a Debouncer per
// button suppresses contact bounce and rejects glitches shorter than a
// minimum press without ever moving the stamp off the first edge.
//
// Package buttontest beside it has a switch that bounces like a real one,
// on a virtual clock, for tests.
package buttons
