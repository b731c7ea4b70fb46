package journal

import (
	"strings"

	"github.com/tabled/tabled/alert"
	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/claimlog"
	"github.com/tabled/tabled/table"
)

// noteTags are the keys of the tags a note of the claim log's own and a
// table's note that raises no alert are shown with; an alert is tagged
// by its label (alert.LabelIn).
var noteTags = map[string]string{
	claimlog.TypeSession: "i33w.note.session", claimlog.TypeRestart: "i33w.note.restart",
	TypeRevision: "record.tag.revision", claimlog.TypeRepair: "i33w.note.repair",
	claimlog.TypeDamage: "i33w.note.damage", table.NoteRefused: "i33w.note.refused",
	string(alert.LinkBack): "i33w.note.link_back",
}

// NoteTag is the tag a note of type typ is shown with, in l's words
// (`tabled log`'s and the log page's): "SESSION", "RÉVISION", "REBOOT";
// a type of no known note is itself in capitals.
func NoteTag(l *catalog.Lang, typ string) string {
	if key, ok := noteTags[typ]; ok {
		return l.Text(key)
	}
	if alert.Is(typ) {
		return alert.LabelIn(l, typ)
	}
	return strings.ToUpper(typ)
}
