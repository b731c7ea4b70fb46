package show

import (
	"image"

	"github.com/tabled/tabled/display"
)

// Lights shows the seat signals of a view: an LED strip (display/strip),
// the seat controllers' lights (display/seatlights), or a fake. Show is
// called on the goroutine that takes the table's updates, so it must not
// block for long.
type Lights interface {
	Show(v display.View) error
}

// SelfBlinking is implemented by Lights whose hardware runs the blink
// patterns itself (the seat controllers): the Driver shows them when a
// signal begins or ends, never for a blink's phase.
type SelfBlinking interface {
	BlinksItself() bool
}

// Panel shows panel frames: the e-ink (display/eink), the OLED
// (display/oled). Draw must accept any image of the panel's size; full
// asks for a full refresh (an e-ink's slow clean redraw) rather than a
// fast one. Draw may block for as long as the refresh takes: the Driver
// calls it on its own goroutine, and reuses frame once Draw has returned.
type Panel interface {
	Bounds() image.Rectangle
	Draw(frame image.Image, full bool) error
}

// Sleeper is a panel that can be put to sleep between frames: the e-ink.
type Sleeper interface {
	Sleep() error
}
