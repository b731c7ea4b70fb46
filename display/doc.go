// Package display shows the table to the players: a light per seat (an
// APA102 or WS2812 LED strip, or each seat controller's light over the
// serial link), the panel in the middle of the table (an SSD1306 OLED or a
// Waveshare 2.13" e-ink), the terminal of --sim and the panel's PNG frames
// on the status page.
//
// Everything starts from one View, computed by NewView from the engine's
// State, the latest outcomes and the time. The View is pure data: the same
// inputs give the same View, so blink phases, headlines and layouts are
// tested once, and every output renders the same thing:
//
//   - Render draws the panel frame (250x122 for the e-ink, 128x64 for the
//     OLED); PNG encodes it for the status page; the golden images in
//     testdata/ are these frames.
//   - StripPixels turns the seat signals into RGB bytes for a Strip;
//     SeatLED into the LED command of a seat controller (SeatLights).
//   - WriteText prints a compact text panel for --sim.
//
// Driver runs them, following a table (Run): the lights are updated at
// once on Run's goroutine (an SPI write of a few hundred bytes, or a queued
// link command), and the panel on its own goroutine, coalescing frames
// (the latest wins), so a slow e-ink refresh never delays the lights or
// the table. Between updates the lights are redrawn on a timer set to
// their next change on the table's clock (View.NextChange: a signal's
// end, and on a strip each blink's edge); nothing wakes while no light
// blinks or expires.
//
// # The light language
//
// Each seat owns a segment of the strip of PerSeat pixels (at least
// MinPerSeat). The first and last pixel of a segment are its edge; the
// others are its middle. A signal is told apart by how many pixels are lit
// and how they blink, never by colour alone, so colour-blind players read
// it too:
//
//	Signal     Colour        Pixels lit             Timing
//	turn       dim white     the 2 centre pixels    steady
//	pending    amber         the whole middle       slow pulse (1 s), never dark
//	won        green         the whole middle       steady, full brightness
//	late       green         the whole middle       double blink each second
//	lost       red           every other pixel      slow blink (1 s: on, off)
//	rejected   red           the whole middle       fast blink (4 per second)
//	referee    amber         the 2 centre pixels    double blink each second
//	riichi     blue          the two edge pixels    steady, with any signal
//
// Pending lasts while the seat's claim is in the simultaneity window. Won,
// late, lost, rejected and referee last Hold after the outcome; when the
// hand is over the winners' lights stay green. Otherwise the seat on turn
// shows turn. Riichi is added to whatever the middle shows.
//
// A seat controller has one light a seat: there the pattern tells the
// signal (SeatLED), and riichi shows only when no other signal does. The
// controller blinks it itself; a timed signal's command carries the rest
// of its Hold (plus SeatLightGrace) as its duration, and the host sends
// the next signal when the Hold ends.
//
// # The panel
//
// The panel always shows the round and hand, the honba, the riichi sticks,
// the tiles left in the live wall, whose turn it is and the dora indicators
// with their dora (the dora drawn inverted, so it is found at arm's length).
// Its headline is the latest thing that happened in the hand: "PON - North"
// with why a simultaneous call lost, a rejected or late claim, a referee
// flag, the end of the hand; while a discard is open, the discard; in the
// simultaneity window, the calls being decided. After a kong it prompts
// "REVEAL KAN DORA" until the indicator's NFC read comes in. Before the
// first discard of a hand it shows a QR code of the status page's URL, so a
// tablet can join by pointing a camera at it.
package display
