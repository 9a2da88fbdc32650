package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestEditionBuilderRejectsBadData: the Birmingham builder refuses tables the engine could
// not play correctly, naming the fault, instead of mapping an unknown link endpoint to
// location 0 (Belper) or letting a duplicate id shadow another; and at package start such
// an error stops the program (mustEdition panics).
func TestEditionBuilderRejectsBadData(t *testing.T) {
	if _, err := buildBirmingham(birminghamTowns, birminghamMerchants, birminghamLinks); err != nil {
		t.Fatalf("the real data is refused: %v", err)
	}
	withLink := func(locs ...string) []linkData {
		return append(slices.Clone(birminghamLinks), linkData{locs: locs, canal: true, rail: true})
	}
	cases := []struct {
		name      string
		towns     []townData
		merchants []merchantData
		links     []linkData
		want      string
	}{
		{"a link to an unknown location", birminghamTowns, birminghamMerchants, withLink("birmingham", "london"), `"london"`},
		{"a link with a misspelt first end", birminghamTowns, birminghamMerchants, withLink("belpr", "derby"), `"belpr"`},
		{"a link joining one location", birminghamTowns, birminghamMerchants, withLink("birmingham"), "joins 1 locations"},
		{"the same link twice", birminghamTowns, birminghamMerchants, withLink("dudley", "birmingham"), `two links with the id "dudley-birmingham"`},
		{"two towns with one id", append(slices.Clone(birminghamTowns), birminghamTowns[3]), birminghamMerchants, birminghamLinks, `two locations with the id "stoke_on_trent"`},
		{"two merchants with one id", birminghamTowns, append(slices.Clone(birminghamMerchants), birminghamMerchants[0]), birminghamLinks, `"shrewsbury"`},
	}
	for _, c := range cases {
		e, err := buildBirmingham(c.towns, c.merchants, c.links)
		if err == nil || e != nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %q does not say %s", c.name, err, c.want)
		}
	}
	// Too many build spaces for State's arrays (and for the bits of Sources).
	many := slices.Clone(birminghamTowns)
	for i := 0; i < 8; i++ {
		town := many[0]
		town.id += itoa(i)
		many = append(many, town)
	}
	if _, err := buildBirmingham(many, birminghamMerchants, birminghamLinks); err == nil || !strings.Contains(err.Error(), "build spaces") {
		t.Errorf("%d build spaces accepted: %v", len(many)*3, err)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "london") {
			t.Errorf("mustEdition did not stop on bad data: %v", r)
		}
	}()
	mustEdition(buildBirmingham(birminghamTowns, birminghamMerchants, withLink("birmingham", "london")))
}
