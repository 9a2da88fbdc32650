package main

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// The model in use, read back from its generated file by -alt, plays exactly as the model
// compiled in; a different model (every weight negated) plays differently. So "+alt" seats
// think with the file's weights and with nothing else.
func TestAltModel(t *testing.T) {
	inUse := filepath.Join("..", "..", "engine", "bot", "model_birmingham.go")
	play2 := func(bots, alt string) []gameResult {
		t.Helper()
		cfg, err := newConfig(2, 2, bots, 300001, 2, 0)
		if err == nil {
			err = cfg.setEdition("birmingham", "")
		}
		if err == nil {
			err = cfg.setAlt(alt)
		}
		if err != nil {
			t.Fatal(err)
		}
		res, err := play(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	outcome := func(rs []gameResult) (out [][]int) {
		for _, r := range rs {
			out = append(out, append(append([]int{}, r.vp...), r.decisions...))
		}
		return out
	}
	base := outcome(play2("medium", ""))
	if got := outcome(play2("medium+alt", inUse)); !reflect.DeepEqual(got, base) {
		t.Fatalf("the model in use, read from its file, played %v; compiled in, %v", got, base)
	}

	src, err := os.ReadFile(inUse)
	if err != nil {
		t.Fatal(err)
	}
	negated := regexp.MustCompile(`(?m)^(\s+)([0-9][0-9.e+-]*),`).ReplaceAll(src, []byte("$1-$2,"))
	other := filepath.Join(t.TempDir(), "model_negated.go")
	if err := os.WriteFile(other, negated, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := outcome(play2("medium+alt", other)); reflect.DeepEqual(got, base) {
		t.Fatal("a model with every weight negated played as the model in use")
	}
}

func TestAltModelRefusals(t *testing.T) {
	for _, bots := range []string{"easy+alt", "medium+alt-hand", "medium-hand+alt"} {
		if _, err := newConfig(2, 2, bots, 1, 1, 0); err == nil {
			t.Errorf("-bots %s: no error", bots)
		}
	}
	lancashire := filepath.Join("..", "..", "engine", "bot", "model_lancashire.go")
	cases := []struct{ bots, alt, want string }{
		{"medium+alt,medium", "", "needs -alt"},
		{"medium,hard", lancashire, "names none"},
		{"medium+alt,medium", lancashire, `the model of "lancashire", the games are "birmingham"`},
		{"medium+alt,medium", filepath.Join(t.TempDir(), "missing.go"), "no such file"},
		{"medium+alt,medium", "alt_test.go", "no learnedModels"},
	}
	for _, c := range cases {
		cfg, err := newConfig(2, 2, c.bots, 1, 1, 0)
		if err == nil {
			err = cfg.setEdition("birmingham", "")
		}
		if err == nil {
			err = cfg.setAlt(c.alt)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("-bots %s -alt %q: %v, want an error saying %q", c.bots, c.alt, err, c.want)
		}
	}
}
