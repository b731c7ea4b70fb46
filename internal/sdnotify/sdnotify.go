// Package sdnotify tells systemd how a service is (sd_notify(3)): ready
// once started, stopping at its end, and alive to the watchdog
// (WatchdogSec) while its main loop answers. Outside systemd it does
// nothing.
package sdnotify

import (
	"context"
	"time"

	"github.com/coreos/go-systemd/v22/daemon"
)

// Run says the service is ready and, when systemd watches it, pings the
// watchdog twice per interval (as sd_watchdog_enabled(3) advises) each
// time alive says the service's loop answered within a quarter of it, so
// that a service stuck in its loop is restarted and an idle one wakes no
// more than that; when ctx ends it says the service is stopping.
func Run(ctx context.Context, alive func(within time.Duration) bool) {
	daemon.SdNotify(false, daemon.SdNotifyReady)
	defer daemon.SdNotify(false, daemon.SdNotifyStopping)
	interval, err := daemon.SdWatchdogEnabled(false)
	if err != nil || interval <= 0 {
		<-ctx.Done()
		return
	}
	tick := time.NewTicker(interval / 2)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if alive(interval / 4) {
				daemon.SdNotify(false, daemon.SdNotifyWatchdog)
			}
		}
	}
}
