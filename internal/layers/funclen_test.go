package layers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxFuncLines is the longest a function of the daemon's code may be, from
// its func line to its closing brace: one a reader can hold in view.
const maxFuncLines = 100

// longFuncsBeingMoved are the functions over maxFuncLines that changes
// under way take apart: file and name. None is left; one that is short
// again is only logged, so its entry can go.
var longFuncsBeingMoved = map[string]bool{}

// TestNoLongFunctions: no function of the module's code (tests aside) is
// over maxFuncLines lines, but those listed as being moved.
func TestNoLongFunctions(t *testing.T) {
	root := "../.."
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "node_modules" || n == "dist") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			key := filepath.ToSlash(rel) + " " + fd.Name.Name
			switch {
			case n > maxFuncLines && !longFuncsBeingMoved[key]:
				t.Errorf("%s:%d: %s is %d lines, over %d: split it where its parts have names", rel, fset.Position(fd.Pos()).Line, fd.Name.Name, n, maxFuncLines)
			case n <= maxFuncLines && longFuncsBeingMoved[key]:
				t.Logf("%s is %d lines now: take it off longFuncsBeingMoved", key, n)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
