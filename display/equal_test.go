package display_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/tabled/tabled/catalog"
	"github.com/tabled/tabled/display"
)

// variants are values of type t that differ from its zero value, one for
// each field of a struct (nested structs and slice elements included),
// so that a comparison that leaves out a field is found.
func variants(t *testing.T, typ reflect.Type) []reflect.Value {
	one := func(set func(v reflect.Value)) reflect.Value {
		v := reflect.New(typ).Elem()
		set(v)
		return v
	}
	if typ == reflect.TypeFor[time.Time]() {
		return []reflect.Value{reflect.ValueOf(time.Unix(1, 0))}
	}
	if typ == reflect.TypeFor[*catalog.Lang]() { // a language is one of the catalog's, never made
		fr, _ := catalog.Get("fr")
		return []reflect.Value{reflect.ValueOf(fr)}
	}
	switch typ.Kind() {
	case reflect.Bool:
		return []reflect.Value{one(func(v reflect.Value) { v.SetBool(true) })}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return []reflect.Value{one(func(v reflect.Value) { v.SetInt(1) })}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return []reflect.Value{one(func(v reflect.Value) { v.SetUint(1) })}
	case reflect.String:
		return []reflect.Value{one(func(v reflect.Value) { v.SetString("x") })}
	case reflect.Slice:
		var out []reflect.Value
		for _, e := range variants(t, typ.Elem()) {
			out = append(out, reflect.Append(reflect.MakeSlice(typ, 0, 1), e))
		}
		return append(out, reflect.MakeSlice(typ, 1, 1)) // one zero element
	case reflect.Array: // one variant per element and element variant
		var out []reflect.Value
		for i := range typ.Len() {
			for _, e := range variants(t, typ.Elem()) {
				out = append(out, one(func(v reflect.Value) { v.Index(i).Set(e) }))
			}
		}
		return out
	case reflect.Pointer:
		var out []reflect.Value
		for _, e := range variants(t, typ.Elem()) {
			out = append(out, one(func(v reflect.Value) { p := reflect.New(typ.Elem()); p.Elem().Set(e); v.Set(p) }))
		}
		return append(out, one(func(v reflect.Value) { v.Set(reflect.New(typ.Elem())) })) // a zero value, not nil
	case reflect.Struct:
		var out []reflect.Value
		for i := range typ.NumField() {
			f := typ.Field(i)
			if !f.IsExported() {
				t.Fatalf("%s.%s is unexported: give it a variant here", typ, f.Name)
			}
			for _, fv := range variants(t, f.Type) {
				out = append(out, one(func(v reflect.Value) { v.Field(i).Set(fv) }))
			}
		}
		return out
	}
	t.Fatalf("no variants for %s (%s): add them", typ, typ.Kind())
	return nil
}

// TestBoardEqualSeesEveryField: changing any one field of a Board (or of
// a struct in one of its slices) makes it unequal, so a field added to
// Board but not to Equal fails here; and equal boards are Equal though
// their slices are different arrays.
func TestBoardEqualSeesEveryField(t *testing.T) {
	typ := reflect.TypeFor[display.Board]()
	var zero display.Board
	for i := range typ.NumField() {
		f := typ.Field(i)
		vs := variants(t, f.Type)
		if len(vs) == 0 {
			t.Fatalf("field %s has no variant", f.Name)
		}
		for _, fv := range vs {
			var b display.Board
			reflect.ValueOf(&b).Elem().Field(i).Set(fv)
			if b.Equal(zero) || zero.Equal(b) {
				t.Errorf("Board.Equal misses %s: %+v equals the zero board", f.Name, fv)
			}
			c := copyBoard(b)
			if !b.Equal(c) || !c.Equal(b) {
				t.Errorf("a copy of a board with %s %+v is not equal to it", f.Name, fv)
			}
		}
	}
}

// copyBoard is b with every slice in a new array.
func copyBoard(b display.Board) display.Board {
	v := reflect.ValueOf(&b).Elem()
	for i := range v.NumField() {
		if f := v.Field(i); f.Kind() == reflect.Slice && !f.IsNil() {
			c := reflect.MakeSlice(f.Type(), f.Len(), f.Len())
			reflect.Copy(c, f)
			f.Set(c)
		}
	}
	return b
}
