package outcome

import (
	"testing"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/engine"
)

// TestFollowsInEveryLanguage: English words a profile's book as
// engine.Profile.Follows always has, for every profile and one with no
// book; French in French, the book's title as published.
func TestFollowsInEveryLanguage(t *testing.T) {
	fr, _ := catalog.Get("fr")
	for _, name := range engine.ProfileNames() {
		p, err := engine.ProfileByName(name)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := Follows(catalog.English(), p), p.Follows(); got != want {
			t.Errorf("%s in English: %q, want %q", name, got, want)
		}
	}
	p, _ := engine.ProfileByName("ema2016")
	if got, want := Follows(fr, p), "ema2016 suit les EMA Riichi Competition Rules 2016"; got != want {
		t.Errorf("French: %q, want %q", got, want)
	}
	p.Edition = ""
	if got, want := Follows(catalog.English(), p), p.Follows(); got != want {
		t.Errorf("no book in English: %q, want %q", got, want)
	}
	if got, want := Follows(fr, p), "ema2016 ne suit aucun livre de règles nommé"; got != want {
		t.Errorf("no book in French: %q, want %q", got, want)
	}
}
