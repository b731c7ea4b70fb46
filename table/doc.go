// Package table runs one mahjong table: it owns the engine on a single
// goroutine, orders inputs from buttons, serial controllers, NFC readers,
// tablets and the referee by their stamps, closes claim windows on time,
// journals every input and outcome before anyone sees it, and fans the
// results out to subscribers that can never block it.
package table
