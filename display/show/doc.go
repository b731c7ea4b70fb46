// Package show runs the table's displays: a Driver follows a table (Run)
// and shows each update on the Lights (display/strip, display/seatlights),
// the Panel (display/eink, display/oled) and the text panel of --sim, and
// serves the panel frame as a PNG to the status page (Driver.PNG).
//
// The lights are updated at once on Run's goroutine (an SPI write of a few
// hundred bytes, or a queued link command), and the panel on its own
// goroutine, coalescing frames (the latest wins), so a slow e-ink refresh
// never delays the lights or the table. Between updates the lights are
// redrawn on a timer set to their next change on the table's clock
// (display.View.NextChange: a signal's end, and on a strip each blink's
// edge); nothing wakes while no light blinks or expires.
package show
