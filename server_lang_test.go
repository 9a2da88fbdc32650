//go:build !wasm

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTheServerOffersEveryCatalogUnderWebLang(t *testing.T) {
	c, err := readCatalogs(filepath.Join(webDir, "lang"))
	if err != nil {
		t.Fatal(err)
	}
	var tags []string
	for _, l := range c.offered {
		tags = append(tags, l.Tag)
	}
	if got := strings.Join(tags, " "); got != "en de es fr pl" {
		t.Errorf("offered %q, want English first, then de es fr pl", got)
	}
	if len(c.urls) != 4 || c.urls[0] != "/web/lang/de.json" {
		t.Errorf("cached %v", c.urls)
	}
	if s := c.script(); !strings.HasPrefix(s, `<script>window.brassLanguages=[{"tag":"en","name":"English"}`) {
		t.Errorf("script %s", s)
	}
	if c.versioned("v1") == c.versioned("v2") || c.versioned("v1") == "v1" {
		t.Error("the version does not fold in the catalogs")
	}
}

func TestACorruptCatalogStopsTheServerWithItsReason(t *testing.T) {
	for name, body := range map[string]string{
		"xx.json": `{"@language": "xx"`,
		"yy.json": `{"@language": "zz", "@name": "Z", "@plural": "` + strings.Repeat("o", 200) + `"}`,
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readCatalogs(dir); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: err = %v, want one naming the file", name, err)
		}
	}
}
