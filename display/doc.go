// Package display is what the table's displays show, computed once and
// shown by every one of them: the View, pure data computed by NewView
// from the engine's State, the latest outcomes and the time. The same
// inputs give the same View, so blink phases, headlines and layouts are
// tested once.
//
// A View has a SeatSignal per seat (what the seat's light says: turn,
// pending, won, late, lost, rejected, referee, and riichi beside them)
// and a Board (what the panel in the middle of the table says). The
// packages below it show a View:
//
//   - display/render draws the Board as a panel frame (Render, PNG for the
//     status page) and as the text panel of --sim (WriteText);
//   - display/strip lights an LED strip round the table, and
//     display/seatlights the seat controllers' lights over the serial link;
//   - display/eink and display/oled drive the panels;
//   - display/show runs them all, following a table.
//
// # The light language
//
// A signal is told apart by how it blinks and, on a strip, how many pixels
// it lights, never by colour alone, so colour-blind players read it too.
// Its colour (Signal.Colour) and its blink (Signal.Level) are defined here;
// where it shows is the device's (see display/strip and
// display/seatlights):
//
//	Signal     Colour        Timing
//	turn       dim white     steady
//	pending    amber         slow pulse (1 s), never dark
//	won        green         steady, full brightness
//	late       green         double blink each second
//	lost       red           slow blink (1 s: on, off)
//	rejected   red           fast blink (4 per second)
//	referee    amber         double blink each second
//	riichi     blue          steady, with any signal
//
// Pending lasts while the seat's claim is in the simultaneity window. Won,
// late, lost, rejected and referee last Hold after the outcome; when the
// hand is over the winners' lights stay green. A player's card laid on
// any reader shows won, for Hold, at the seat where the round seats that
// player (a light cannot show the name; it shows where). Otherwise the seat on turn
// shows turn. View.NextChange says when the lights next look different
// with no new state (a Hold's end, a blink's edge), so a runner sets a
// timer to it and nothing wakes while no light blinks or expires.
//
// # The board
//
// The Board follows from the state and the outcomes only, never from a
// blink phase: a new Board (Board.Equal) means a new panel frame. Its
// headline is the latest thing that happened in the hand: "PON - North"
// with why a simultaneous call lost (Detail, and Brief for a panel with
// room for one short line), a rejected or late claim, a referee flag, the
// end of the hand; while a discard is open, the discard; in the
// simultaneity window, the calls being decided.
//
// # Words
//
// Every word a Board carries, and every label the panels draw of their
// own, is a message of the catalog ([panel], [lights], and the game's
// vocabulary: winds, tiles, calls, values, yaku), in the language the
// table names (NewViewIn, Board.Lang; nil is English). The engine's
// reasons reach the panel as the claim log keeps them, in English: in
// another language the panel says the rule in its few words (the Brief)
// instead, until an outcome carries its reason's arguments.
package display
