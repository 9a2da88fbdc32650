package engine

import "testing"

// Every line has its own name, and the farm breweries' lines say so (issue 8: the Cannock
// farm brewery's line was listed as just "Cannock").
func TestLinkNamesAreDistinctAndNameFarmBreweries(t *testing.T) {
	ed := birminghamEdition()
	seen := map[string]string{}
	for l := range ed.Links {
		name := ed.LinkName(l)
		if other, dup := seen[name]; dup {
			t.Errorf("%s and %s are both called %q", other, ed.Links[l].ID, name)
		}
		seen[name] = ed.Links[l].ID
	}
	for id, want := range map[string]string{
		"cannock-farm_brewery_north":                 "Cannock–Farm Brewery",
		"kidderminster-worcester-farm_brewery_south": "Kidderminster–Worcester (and the Farm Brewery)",
		"dudley-birmingham":                          "Dudley–Birmingham",
	} {
		l, ok := ed.LinkByID(id)
		if got := ed.LinkName(l); !ok || got != want {
			t.Errorf("%s is called %q, want %q", id, got, want)
		}
	}
}
