package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/tabled/tabled/club"
	"github.com/tabled/tabled/web"
)

// cmdClub runs the head referee's console: "tabled club --broker URL".
func cmdClub(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("club", flag.ContinueOnError)
	fs.SetOutput(stderr)
	broker := fs.String("broker", "mqtt://127.0.0.1:1883", "the club's MQTT broker")
	user := fs.String("user", "", "broker username")
	password := fs.String("password", "", "broker password (or $TABLED_BROKER_PASSWORD)")
	listen := fs.String("listen", "127.0.0.1:8081", "address of the console page")
	host, _ := os.Hostname()
	id := fs.String("client-id", "tabled-console-"+host, "the console's session at the broker; keep it across restarts")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *password == "" {
		*password = os.Getenv("TABLED_BROKER_PASSWORD")
	}
	console := club.NewConsole()
	w, err := club.NewWatcher(club.WatcherConfig{Broker: club.Broker{URL: *broker, Username: *user, Password: *password},
		ClientID: *id, OnEvent: console.Event, OnStatus: console.Status, OnBroker: console.Broker})
	if err != nil {
		fmt.Fprintf(stderr, "tabled club: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(stdout, "tabled club: watching %s, console on http://%s/\n", *broker, *listen)
	return serve(ctx, stop, "tabled club", stderr, w.Run, func(ctx context.Context) error {
		return web.ListenAndServe(ctx, *listen, console.Handler())
	})
}
