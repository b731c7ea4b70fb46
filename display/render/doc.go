// Package render draws a display.View's Board: the panel frame (Render,
// RenderTo), black on white, for the e-ink (EInkSize, the full layout) and
// the OLED (OLEDSize, the compact one); the same frame as a PNG for the
// status page (PNG); and the compact text panel of --sim (WriteText).
//
// # The panel
//
// The panel always shows the round and hand, the honba, the riichi sticks,
// the tiles left in the live wall, whose turn it is and the dora indicators
// with their dora (the dora drawn inverted, so it is found at arm's length).
// Below them is the Board's headline, its tags and its detail (on the OLED,
// its Brief). After a kong it prompts "REVEAL KAN DORA" until the
// indicator's NFC read comes in. Before the first discard of a hand it
// shows a QR code of the status page's URL, so a tablet can join by
// pointing a camera at it, and, when the table made its own certificate
// for HTTPS, the start of that certificate's SHA-256 fingerprint ("https
// certificate" over "3F A2 91 0C 7B E4 55 D1"; the OLED, in two rows of
// eight hex digits), for the referee to compare with what the tablet's
// browser shows. The headline gives up size, and at idle its place, for
// the lines the panel must show.
//
// The golden images in testdata/ are the frames of the scenes of
// display/displaytest at both sizes; go test -run TestGolden -update
// rewrites them on purpose.
package render
