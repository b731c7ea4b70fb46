package main

import (
	"context"
	"time"

	"github.com/coreos/go-systemd/v22/daemon"
	"github.com/tabled/tabled/table"
)

// notifier is the service that tells systemd about the daemon (notifySystemd).
func notifier(t *table.Table) func(context.Context) error {
	return func(ctx context.Context) error {
		notifySystemd(ctx, t)
		return nil
	}
}

// notifySystemd tells systemd the daemon is ready and pings its watchdog
// while the table loop is alive; outside systemd it does nothing.
func notifySystemd(ctx context.Context, t *table.Table) {
	daemon.SdNotify(false, daemon.SdNotifyReady)
	interval, err := daemon.SdWatchdogEnabled(false)
	if err != nil || interval <= 0 {
		<-ctx.Done()
		daemon.SdNotify(false, daemon.SdNotifyStopping)
		return
	}
	// Twice per interval, as sd_watchdog_enabled(3) advises; the table is
	// asked whether its loop answers, so an idle daemon wakes no more.
	tick := time.NewTicker(interval / 2)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			daemon.SdNotify(false, daemon.SdNotifyStopping)
			return
		case <-tick.C:
			if t.Alive(interval / 4) {
				daemon.SdNotify(false, daemon.SdNotifyWatchdog)
			}
		}
	}
}
