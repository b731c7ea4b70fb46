package club

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/tabled/tabled/catalog"
)

// TestSaidWords: each of the console's own warnings in English is the
// sentence it has always been, byte for byte, and in French the
// catalog's, with the same quoted names, links and numbers.
func TestSaidWords(t *testing.T) {
	fr, _ := catalog.Get("fr")
	bad, _ := checkLink("https://evil.example/login")
	for _, c := range []struct {
		said   Said
		en, fr string
	}{
		{say("console.warn.suspicious", "kind", say(messageKinds["event"]), "seq", digits(uint64(200100)), "past", digits(uint64(200000)), "base", digits(uint64(100))),
			"a event with sequence number 200100, 200000 past the 100 the table is known to have published, held as suspicious and not taken: a forged message, or a log replaced (restart the console to follow it from there)",
			"un message (événement) de numéro de séquence 200100, 200000 au-delà du 100 que la table a publié à notre connaissance, est retenu comme suspect et n'est pas pris : un message falsifié, ou un journal remplacé (redémarrez la console pour le suivre à partir de là)"},
		{say("console.warn.bad_link", "why", bad),
			`the table's status gave a link the console does not show: "https://evil.example/login" is not a host of the club's network (an address or a .local name)`,
			`l'état de la table donne un lien que la console n'affiche pas : "https://evil.example/login" n'est pas un hôte du réseau du club (une adresse ou un nom en .local)`},
		{say("console.warn.link_changed", "from", "http://192.168.1.20:8080/", "to", "http://192.168.1.21:8080/"),
			"the table's link changed from http://192.168.1.20:8080/ to http://192.168.1.21:8080/: check it is the table's own address",
			"le lien de la table a changé, de http://192.168.1.20:8080/ à http://192.168.1.21:8080/ : vérifiez que c'est bien l'adresse de la table"},
		{say("console.warn.taken_over", "n", digits(uint64(1234))),
			"another client connected to the broker with this table's client id (1234 times since the table started), cutting it off: give each table its own login",
			"un autre client s'est connecté au broker avec l'identifiant client de cette table (1234 fois depuis le démarrage de la table), ce qui la déconnecte : donnez à chaque table son propre identifiant de connexion"},
		{say("console.warn.two_tables", "table", `"t1"`, "run", "b", "prev", "a"),
			`two tables publish as "t1": its status came from run b, then a, then b again (a table's run never comes back once replaced), and the broker cuts each off when the other connects: give each table its own [table] name and login`,
			`deux tables publient sous le nom "t1" : son état est venu du lancement b, puis a, puis à nouveau b (un lancement remplacé ne revient jamais), et le broker déconnecte chacune quand l'autre se connecte : donnez à chaque table son propre nom [table] et son identifiant de connexion`},
		{say("console.warn.too_many_tables", "table", `"x"`, "max", digits(64), "refused", digits(1001)),
			`messages for table "x" refused: the console follows at most 64 tables (--max-tables), each of which has published events; 1001 refused so far: is someone publishing made-up tables? (--tables names the club's, and refuses others)`,
			`messages refusés pour la table "x" : la console suit au plus 64 tables (--max-tables), qui ont toutes publié des événements ; 1001 refusés jusqu'ici : quelqu'un publie-t-il des tables inventées ? (--tables nomme celles du club et refuse les autres)`},
		{say("console.warn.round_not_sent", "round", digits(2), "error", errors.New("club: not connected").Error()),
			"round 2 was not sent to the table: club: not connected",
			"la ronde 2 n'a pas été envoyée à la table : club: not connected"},
		{say("console.warn.standings_seat", "seat", "5"),
			"the table's game end names seat 5, not each seat 0..3 once",
			"la fin de partie de la table nomme le siège 5, au lieu de chaque siège de 0 à 3 une fois"},
	} {
		if got := c.said.String(); got != c.en {
			t.Errorf("%s in English:\n got %q\nwant %q", c.said.Key, got, c.en)
		}
		if got := c.said.In(fr); got != c.fr {
			t.Errorf("%s in French:\n got %q\nwant %q", c.said.Key, got, c.fr)
		}
	}
}

// TestConsoleWordsItsOwnWarnings: the console's own warnings, raised by
// the console (a link, tables off the roster), by the tournament and by
// the watcher (OnSaid), read in English in the console's view and in
// French in a view asked for in French; a warning given as text (Warn)
// keeps its text.
func TestConsoleWordsItsOwnWarnings(t *testing.T) {
	fr, _ := catalog.Get("fr")
	c := NewConsole()
	c.Status(Status{Table: "t1", Online: true, URL: "http://192.168.1.20:8080/"})
	c.Status(Status{Table: "t1", Online: true, URL: "ftp://192.168.1.20/"})
	c.Refused("ghost")
	c.Refused("ghost2")
	(&Tournament{Console: c}).warn("t1", say("console.warn.standings_count", "n", digits(3)))
	w := &Watcher{cfg: WatcherConfig{OnSaid: c.WarnSaid, OnAlert: func(string, string, string) { t.Error("OnAlert called with OnSaid set") }}}
	w.warn(&warning{ConsoleRow, "suspicious", say("console.warn.console_taken_over", "id", `"console-1"`)})
	c.Warn("t1", "client-id", "given as text")
	for _, v := range []struct {
		name string
		lang *catalog.Lang
		want []string
	}{
		{"no language", nil, []string{
			`#console not-on-roster: 2 messages refused from tables not on the console's roster (--tables), the latest from "ghost", "ghost2": someone is publishing made-up tables, or a table is missing from the roster`,
			`#console suspicious: another client connected to the broker as the console ("console-1"), cutting it off: give the console its own login`,
			`t1 bad-link: the table's status gave a link the console does not show: "ftp://192.168.1.20/" is not an http or https link`,
			"t1 tournament: the table's game end has 3 standings, not 4",
			"t1 client-id: given as text",
		}},
		{"French", fr, []string{
			`#console not-on-roster: 2 messages refusés venant de tables absentes de la liste de la console (--tables), le dernier de "ghost", "ghost2" : quelqu'un publie des tables inventées, ou une table manque à la liste`,
			`#console suspicious: un autre client s'est connecté au broker comme la console ("console-1"), ce qui la déconnecte : donnez à la console son propre identifiant de connexion`,
			`t1 bad-link: l'état de la table donne un lien que la console n'affiche pas : "ftp://192.168.1.20/" n'est pas un lien http ou https`,
			"t1 tournament: la fin de partie de la table a 3 classements, et non 4",
			"t1 client-id: given as text",
		}},
	} {
		ts, _, _ := c.TablesIn(v.lang)
		var got []string
		for _, tv := range ts {
			for _, a := range tv.Alerts {
				got = append(got, tv.Table+" "+a.Kind+": "+a.Text)
			}
		}
		if strings.Join(got, "\n") != strings.Join(v.want, "\n") {
			t.Errorf("alerts in %s:\n%s\nwant:\n%s", v.name, strings.Join(got, "\n"), strings.Join(v.want, "\n"))
		}
	}
	// The French reader's view left the console's English as it was.
	ts, _, _ := c.Tables()
	if a := ts[0].Alerts[0].Text; !strings.HasPrefix(a, "2 messages refused") {
		t.Errorf("the console's own view after a French one: %q", a)
	}
}

// TestConsoleWordsARefusedVoid: a refused void's note, logged with its
// code, reads in French in a French view (the happening and its alert),
// and as logged in the console's own view; one logged before the codes
// keeps its English.
func TestConsoleWordsARefusedVoid(t *testing.T) {
	fr, _ := catalog.Get("fr")
	for _, c := range []struct {
		name, body string
		en, fr     string
	}{
		{"with its code", `{"void":9,"note":"refused: no input 9 in this session","said":{"code":"no_input","input":9}}`,
			"refused: no input 9 in this session", "refusé : aucune entrée 9 dans cette session"},
		{"an old record", `{"void":9,"note":"refused: no input 9 in this session"}`,
			"refused: no input 9 in this session", "refused: no input 9 in this session"},
	} {
		t.Run(c.name, func(t *testing.T) {
			con := NewConsole()
			con.Event(Message{Table: "t1", Seq: 1, Body: json.RawMessage(`{"seq":1,"kind":"void","source":"referee","hand":1,"type":"void","body":` + c.body + `}`)})
			for _, v := range []struct {
				lang *catalog.Lang
				want string
			}{{nil, c.en}, {fr, c.fr}, {nil, c.en}} {
				ts, _, _ := con.TablesIn(v.lang)
				e, a := ts[0].Event, ts[0].Alerts[0].Event
				if e == nil || a == nil || e.Note != v.want || a.Note != v.want {
					t.Errorf("event %+v, alert's %+v: want note %q", e, a, v.want)
				}
			}
		})
	}
}
