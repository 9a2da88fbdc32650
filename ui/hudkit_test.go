package ui

import (
	"encoding/xml"
	"io"
	"math/rand"
	"strings"
	"testing"

	"brass/engine"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Helpers for the tests of the panels, status bar, hand, log and summaries: render a
// component to HTML as go-app prerenders it, parse it back and query it.

var hudTestNames = []string{"Ada", "Brunel", "Darby", "Wedgwood"}
var hudTestColours = []string{"#c8372d", "#e0b122", "#7b4fb8", "#16998a"}

type hnode struct {
	Tag      string
	Attr     map[string]string
	Children []*hnode
	Parent   *hnode
	own      string
}

func (n *hnode) Text() string {
	var b strings.Builder
	var walk func(*hnode)
	walk = func(n *hnode) {
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
func (n *hnode) Bool(name string) bool {
	v, ok := n.Attr[name]
	return ok && (v == "true" || v == name)
}

func (n *hnode) HasClass(c string) bool {
	for _, f := range strings.Fields(n.Attr["class"]) {
		if f == c {
			return true
		}
	}
	return false
}

// All returns every node below n (n included) for which pred is true, in document order.
func (n *hnode) All(pred func(*hnode) bool) []*hnode {
	var out []*hnode
	var walk func(*hnode)
	walk = func(x *hnode) {
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
func (n *hnode) First(pred func(*hnode) bool) *hnode {
	if all := n.All(pred); len(all) > 0 {
		return all[0]
	}
	return nil
}

func hClass(c string) func(*hnode) bool { return func(n *hnode) bool { return n.HasClass(c) } }
func hTag(t string) func(*hnode) bool   { return func(n *hnode) bool { return n.Tag == t } }
func hAttr(k, v string) func(*hnode) bool {
	return func(n *hnode) bool { x, ok := n.Attr[k]; return ok && x == v }
}

// hudRender encodes a UI element as go-app would prerender it and parses it back.
func hudRender(t testing.TB, ui app.UI) *hnode {
	t.Helper()
	html := app.HTMLString(ui)
	d := xml.NewDecoder(strings.NewReader(html))
	d.Strict = false
	d.Entity = xml.HTMLEntity
	root := &hnode{Tag: "#root", Attr: map[string]string{}}
	stack := []*hnode{root}
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
			n := &hnode{Tag: tok.Name.Local, Attr: map[string]string{}, Parent: p}
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

// hudNewState sets up a game of n players with the test names.
func hudNewState(t testing.TB, n int) *engine.State {
	t.Helper()
	s, err := engine.New(engine.Config{Edition: "birmingham", Players: n, Seed: 11, Names: hudTestNames[:n]})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// hudPlay plays random legal moves (preferring anything but passing) until stop says so
// or the game ends.
func hudPlay(t testing.TB, g *engine.Game, seed int64, stop func(g *engine.Game) bool) {
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

func hudNewGame(t testing.TB, n int) *engine.Game {
	t.Helper()
	g, err := engine.NewGame(engine.Config{Edition: "birmingham", Players: n, Seed: 5, Names: hudTestNames[:n]})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestHudHelpers(t *testing.T) {
	if got := hudMoney(-3); got != "−£3" {
		t.Errorf("hudMoney(-3) = %q", got)
	}
	if got := hudOrdinal(2) + hudOrdinal(11) + hudOrdinal(23); got != "2nd11th23rd" {
		t.Errorf("ordinals: %q", got)
	}
	ed, _ := engine.EditionByID("birmingham")
	if got := ed.CoalMarket.BuyPrice(13); got != 1 {
		t.Errorf("coal price with 13 cubes = %d, want 1", got)
	}
	if got := ed.CoalMarket.BuyPrice(0); got != 8 {
		t.Errorf("coal price when empty = %d, want 8", got)
	}
	if got := ed.IronMarket.BuyPrice(1); got != 5 {
		t.Errorf("iron price with 1 cube = %d, want 5", got)
	}
	s := hudNewState(t, 4)
	s.Phase = engine.PhaseOver
	s.TurnPos = 4
	if hudActor(s) != -1 {
		t.Error("nobody acts once the game is over")
	}
}
