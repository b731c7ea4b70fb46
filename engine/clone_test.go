package engine

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestClone: a clone taken anywhere in a game goes on exactly as the
// engine it was taken from, and stepping one never changes the other (no
// slice of the state is shared: the walk below finds every slice the
// engine holds, so a field added later is checked too).
func TestClone(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	random := func(n int) []Event {
		b := make([]byte, 3*n)
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		return eventsFromBytes(b)
	}
	streams := map[string][]Event{"busy game": gameEvents(600), "random": random(800), "random 2": random(800)}
	for i, evs := range edgeSeeds() {
		streams[string(rune('a'+i))+" edge"] = evs
	}
	for _, p := range []Profile{EMA2016, WRC2015} {
		for name, evs := range streams {
			t.Run(p.Name+"/"+name, func(t *testing.T) {
				e, err := New(p, 0)
				if err != nil {
					t.Fatal(err)
				}
				for i, ev := range evs {
					if i%5 == 0 {
						checkClone(t, e, evs[i:])
					}
					e.Apply(ev, nil)
				}
				checkClone(t, e, nil)
			})
		}
	}
}

// checkClone clones e, steps the clone through rest, and checks that e
// did not move and that e, stepped the same way, decides the same.
func checkClone(t *testing.T, e *Engine, rest []Event) {
	t.Helper()
	c := e.Clone()
	if shared := sharedSlices(reflect.ValueOf(e).Elem(), reflect.ValueOf(c).Elem(), "Engine"); len(shared) > 0 {
		t.Fatalf("the clone shares %v with the engine", shared)
	}
	before := e.State()
	var got []Outcome
	for _, ev := range rest {
		got, _ = c.Apply(ev, got)
	}
	got = c.Advance(c.Now()+3600e9, got)
	if after := e.State(); !reflect.DeepEqual(before, after) {
		t.Fatalf("stepping the clone changed the engine:\n before %+v\n after  %+v", before, after)
	}
	e = e.Clone()
	var want []Outcome
	for _, ev := range rest {
		want, _ = e.Apply(ev, want)
	}
	want = e.Advance(e.Now()+3600e9, want)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("the clone decided otherwise:\n got  %+v\n want %+v", got, want)
	}
	if !reflect.DeepEqual(c.State(), e.State()) {
		t.Fatalf("the clone ended in another state:\n got  %+v\n want %+v", c.State(), e.State())
	}
}

// sharedSlices walks a and b (the same type) and names the slices with
// room in them that use the same array. It does not follow pointers: what
// the engine points to is never written once made (Clone says so), and the
// profile is the rules, not state.
func sharedSlices(a, b reflect.Value, path string) []string {
	switch a.Kind() {
	case reflect.Slice:
		if a.Cap() > 0 && b.Cap() > 0 && a.Pointer() == b.Pointer() {
			return []string{path}
		}
		var s []string
		for i := 0; i < a.Len() && i < b.Len(); i++ {
			s = append(s, sharedSlices(a.Index(i), b.Index(i), path+"[]")...)
		}
		return s
	case reflect.Array:
		var s []string
		for i := range a.Len() {
			s = append(s, sharedSlices(a.Index(i), b.Index(i), path+"[]")...)
		}
		return s
	case reflect.Struct:
		var s []string
		for i := range a.NumField() {
			if f := a.Type().Field(i); f.Name != "p" {
				s = append(s, sharedSlices(a.Field(i), b.Field(i), path+"."+f.Name)...)
			}
		}
		return s
	}
	return nil
}
