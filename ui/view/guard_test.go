package view_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// notYetMoved are the files of ui/ that still read the engine's packed encoding, and why.
// A file leaves the list when it reads the view; the test fails while a listed file reads
// no packed field any more, so the list only shrinks.
var notYetMoved = map[string]string{}

// unpackedState are the fields of engine.State that mean what they say (an era, a phase,
// a count of moves, switches, the derived round report); every other field of State, and
// every field of Player, Tile and MerchantSlot, is the packed encoding.
var unpackedState = []string{"Era", "Phase", "Moves", "Revealed", "Introductory", "Dealt", "Report"}

// TestScreenReadsTheView type-checks every package of ui/ but this one and fails on each
// read of a packed field (owner + 1, uint8 counters, mat counters, track spaces…) outside
// the files not yet moved: the screen asks the view, and the view alone reads the state.
func TestScreenReadsTheView(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	pkgs, exports := listPackages(t, root)
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		f, ok := exports[path]
		if !ok {
			return nil, errors.New("no export data for " + path)
		}
		return os.Open(f)
	})
	seen := map[string]bool{}
	var bad []string
	for _, p := range pkgs {
		if p.ImportPath == "brass/ui/view" || p.ImportPath == "brass/ui/uitest" {
			continue
		}
		var files []*ast.File
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		info := &types.Info{Selections: map[*ast.SelectorExpr]*types.Selection{}}
		if _, err := (&types.Config{Importer: imp}).Check(p.ImportPath, fset, files, info); err != nil {
			t.Fatalf("type-checking %s: %v", p.ImportPath, err)
		}
		for expr, sel := range info.Selections {
			if sel.Kind() != types.FieldVal {
				continue
			}
			typ, ok := packed(sel)
			if !ok {
				continue
			}
			pos := fset.Position(expr.Sel.Pos())
			rel, _ := filepath.Rel(root, pos.Filename)
			rel = filepath.ToSlash(rel)
			if _, ok := notYetMoved[rel]; ok {
				seen[rel] = true
				continue
			}
			bad = append(bad, rel+":"+strconv.Itoa(pos.Line)+": "+typ+"."+sel.Obj().Name())
		}
	}
	slices.Sort(bad)
	for _, b := range bad {
		t.Errorf("%s is the engine's packed encoding: read the view (ui/view) instead", b)
	}
	for file := range notYetMoved {
		if !seen[file] {
			t.Errorf("%s reads no packed field any more: take it off notYetMoved", file)
		}
	}
}

// packed names the engine type whose packed field sel reads.
func packed(sel *types.Selection) (string, bool) {
	recv := sel.Recv()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	named, ok := recv.(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "brass/engine" {
		return "", false
	}
	switch name := named.Obj().Name(); name {
	case "Player", "Tile", "MerchantSlot":
		return "engine." + name, true
	case "State":
		return "engine.State", !slices.Contains(unpackedState, sel.Obj().Name())
	}
	return "", false
}

type listed struct {
	ImportPath, Dir, Export string
	GoFiles                 []string
}

// listPackages lists ui/'s packages with `go list`, and the export data of everything they
// import (from the build cache, so this costs a compile only when the code changed).
func listPackages(t *testing.T, root string) ([]listed, map[string]string) {
	t.Helper()
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Dir,Export,GoFiles", "./ui/...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	exports := map[string]string{}
	var pkgs []listed
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listed
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		exports[p.ImportPath] = p.Export
		if p.ImportPath == "brass/ui" || strings.HasPrefix(p.ImportPath, "brass/ui/") {
			pkgs = append(pkgs, p)
		}
	}
	if len(pkgs) == 0 {
		t.Fatal("go list found no package in ui/")
	}
	return pkgs, exports
}
