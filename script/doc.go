// Package script reads scenario scripts, the timed table scenarios that
// referees write and tests share, runs them through the engine, and prints
// each outcome as the scenario contract in docs/scenario-scripts.md specifies.
//
// A script is parsed whole before anything runs: an error names the line and
// nothing is run.
package script
