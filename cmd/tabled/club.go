package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/tabled/tabled/club"
	"github.com/tabled/tabled/config"
	"github.com/tabled/tabled/internal/services"
	"github.com/tabled/tabled/web"
)

// cmdClub runs the head referee's console: "tabled club --broker URL".
func cmdClub(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("club", flag.ContinueOnError)
	fs.SetOutput(stderr)
	broker := fs.String("broker", "mqtt://127.0.0.1:1883", "the club's MQTT broker")
	user := fs.String("user", "", "broker username")
	password := fs.String("password", "", "no longer taken (a flag shows in ps): use $TABLED_BROKER_PASSWORD or --password-file")
	passwordFile := fs.String("password-file", "", "a file holding the broker password (else $TABLED_BROKER_PASSWORD)")
	caFile := fs.String("ca-file", "", "the club's CA certificate (PEM) for an mqtts:// broker")
	maxTables := fs.Int("max-tables", club.DefaultMaxTables, "the most tables the console follows; messages for more are refused and alerted")
	tables := fs.String("tables", "", "the club's (or the tournament's) tables, comma-separated: the console follows these and refuses others at once; empty: the first --max-tables names, those with events kept")
	listen := fs.String("listen", "127.0.0.1:8081", "address of the console page")
	hosts := fs.String("hosts", "", "names the console's page is reached by, comma-separated, besides the machine's own and localhost (others get 421)")
	host, _ := os.Hostname()
	id := fs.String("client-id", "tabled-console-"+host, "the console's session at the broker; keep it across restarts")
	public := fs.String("public-listen", "", "an address for the players' pages alone (standings, where do I sit, the wall), read only; empty: none")
	dir := fs.String("dir", "tabled-console", "the directory the console keeps its tournament in (a journal, fsynced at each change)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *password != "" {
		fmt.Fprintln(stderr, "tabled club: --password is no longer taken: any user sees it in ps. Put the password in $TABLED_BROKER_PASSWORD or in a file named by --password-file")
		return 2
	}
	pw, err := config.BrokerPassword(*passwordFile)
	if err != nil {
		fmt.Fprintf(stderr, "tabled club: %v\n", err)
		return 2
	}
	roster, err := club.ParseRoster(*tables)
	if err != nil {
		fmt.Fprintf(stderr, "tabled club: --tables: %v\n", err)
		return 2
	}
	b := club.Broker{URL: *broker, Username: *user, Password: pw}
	if *caFile != "" {
		if b.TLS, err = club.TLSWithCA(*caFile); err != nil {
			fmt.Fprintf(stderr, "tabled club: %v\n", err)
			return 2
		}
	}
	console := club.NewConsole()
	tour := &club.Tournament{Console: console}
	w, err := club.NewWatcher(tour.Follow(club.WatcherConfig{Broker: b, ClientID: *id, MaxTables: *maxTables, Roster: roster}))
	if err != nil {
		fmt.Fprintf(stderr, "tabled club: %v\n", err)
		return 2
	}
	// The store last: a command refused for its flags leaves no directory.
	store, err := club.OpenStore(*dir)
	if err != nil {
		fmt.Fprintf(stderr, "tabled club: %v\n", err)
		return 1
	}
	defer store.Close()
	tour.Store, tour.Send = store, w.SendRound
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(stdout, "tabled club: watching %s, console on http://%s/\n", *broker, *listen)
	names := append([]string{*listen}, strings.Split(*hosts, ",")...)
	parts := []func(context.Context) error{w.Run, func(ctx context.Context) error {
		return web.ListenAndServe(ctx, *listen, web.Guard(tour.Handler(console.Handler()), web.NewHosts(names...)))
	}}
	if *public != "" {
		fmt.Fprintf(stdout, "tabled club: the players' pages on http://%s/\n", *public)
		parts = append(parts, func(ctx context.Context) error {
			return web.ListenAndServe(ctx, *public, web.Guard(tour.PublicHandler(), web.NewHosts(append(names, *public)...)))
		})
	}
	return services.Run(ctx, stop, "tabled club", stderr, parts...)
}
