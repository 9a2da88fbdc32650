// Package uitest renders go-app components to HTML as go-app prerenders them and queries the
// result, and sets up games, for the tests of ui and its packages.
package uitest

import (
	"encoding/xml"
	"io"
	"math/rand"
	"strings"
	"testing"

	"brass/engine"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Names and Colours are the test players' names and colours.
var Names = []string{"Ada", "Brunel", "Darby", "Wedgwood"}
var Colours = []string{"#c8372d", "#e0b122", "#7b4fb8", "#16998a"}

// Node is one element of rendered HTML.
type Node struct {
	Tag      string
	Attr     map[string]string
	Children []*Node
	Parent   *Node
	own      string
}

// Text is the text below n, its white space collapsed.
func (n *Node) Text() string {
	var b strings.Builder
	var walk func(*Node)
	walk = func(n *Node) {
		b.WriteString(n.own)
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

// Bool reports whether an attribute is "true". go-app prerenders a "true" value as a bare
// attribute, which the parser reads back as the attribute's name.
func (n *Node) Bool(name string) bool {
	v, ok := n.Attr[name]
	return ok && (v == "true" || v == name)
}

// HasClass reports whether n has the CSS class c.
func (n *Node) HasClass(c string) bool {
	for _, f := range strings.Fields(n.Attr["class"]) {
		if f == c {
			return true
		}
	}
	return false
}

// All returns every node below n (n included) for which pred is true, in document order.
func (n *Node) All(pred func(*Node) bool) []*Node {
	var out []*Node
	var walk func(*Node)
	walk = func(x *Node) {
		if pred(x) {
			out = append(out, x)
		}
		for _, c := range x.Children {
			walk(c)
		}
	}
	walk(n)
	return out
}

// First returns the first node matching pred, or nil.
func (n *Node) First(pred func(*Node) bool) *Node {
	if all := n.All(pred); len(all) > 0 {
		return all[0]
	}
	return nil
}

// ByID is the element with this id, or nil.
func (n *Node) ByID(id string) *Node { return n.First(Attr("id", id)) }

// Count is how many elements n holds, n included.
func (n *Node) Count() int { return len(n.All(func(*Node) bool { return true })) }

// Class, Tag and Attr are predicates for All and First.
func Class(c string) func(*Node) bool { return func(n *Node) bool { return n.HasClass(c) } }
func Tag(t string) func(*Node) bool   { return func(n *Node) bool { return n.Tag == t } }
func Attr(k, v string) func(*Node) bool {
	return func(n *Node) bool { x, ok := n.Attr[k]; return ok && x == v }
}

// Render encodes a UI element as go-app would prerender it and parses it back.
func Render(t testing.TB, ui goapp.UI) *Node {
	t.Helper()
	html := goapp.HTMLString(ui)
	d := xml.NewDecoder(strings.NewReader(html))
	d.Strict = false
	d.Entity = xml.HTMLEntity
	root := &Node{Tag: "#root", Attr: map[string]string{}}
	stack := []*Node{root}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("rendered HTML is not well formed: %v\n%s", err, html)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			p := stack[len(stack)-1]
			n := &Node{Tag: tok.Name.Local, Attr: map[string]string{}, Parent: p}
			for _, a := range tok.Attr {
				n.Attr[a.Name.Local] = a.Value
			}
			p.Children = append(p.Children, n)
			stack = append(stack, n)
		case xml.EndElement:
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
		case xml.CharData:
			stack[len(stack)-1].own += " " + string(tok)
		}
	}
	if len(root.Children) == 0 {
		t.Fatal("nothing rendered")
	}
	return root.Children[0]
}

// NewState sets up a game of n players with the test names.
func NewState(t testing.TB, n int) *engine.State {
	t.Helper()
	s, err := engine.New(engine.Config{Edition: "birmingham", Players: n, Seed: 11, Names: Names[:n]})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Play plays random legal moves (preferring anything but passing) until stop says so
// or the game ends.
func Play(t testing.TB, g *engine.Game, seed int64, stop func(g *engine.Game) bool) {
	t.Helper()
	r := rand.New(rand.NewSource(seed))
	for !g.Over() && !stop(g) {
		ms := g.LegalMoves()
		if len(ms) == 0 {
			t.Fatal("no legal move")
		}
		var good []engine.Move
		for _, m := range ms {
			if m.Type != "pass" && m.Type != "loan" && m.Type != "scout" {
				good = append(good, m)
			}
		}
		if len(good) > 0 {
			ms = good
		}
		if err := g.Apply(ms[r.Intn(len(ms))]); err != nil {
			t.Fatal(err)
		}
	}
}

// NewGame starts a Birmingham game of n players with the test names.
func NewGame(t testing.TB, n int) *engine.Game {
	t.Helper()
	g, err := engine.NewGame(engine.Config{Edition: "birmingham", Players: n, Seed: 5, Names: Names[:n]})
	if err != nil {
		t.Fatal(err)
	}
	return g
}
