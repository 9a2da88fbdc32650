package main

import (
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// TestDocsLinks checks every relative link of README.md and docs/*.md: the file or folder it
// names exists in the repository, and an anchor into a Markdown file names one of its
// headings (as GitHub makes anchors of them). Links with a scheme (https:, mailto:) are not
// followed.
func TestDocsLinks(t *testing.T) {
	files, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{"README.md"}, files...)
	problems, links := checkLinks(".", files)
	for _, p := range problems {
		t.Error(p)
	}
	// The README links to docs/: finding none would mean the link scanner is broken.
	if links < 5 {
		t.Errorf("only %d relative links found in %v: the scanner misses them", links, files)
	}
}

// TestDocsLinksCatchesBroken runs the check on a small tree with good and broken links.
func TestDocsLinksCatchesBroken(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("README.md", strings.Join([]string{
		"# Brass",
		"See [the guide](docs/guide.md), [its flags](docs/guide.md#flags-and-limits),",
		"[the code](app/) and [TURN, with coturn](<docs/guide.md#turn-with-coturn> \"title\").",
		"[Gone](docs/gone.md) and [no such part](docs/guide.md#nowhere) and [back](#brass).",
		"[Also gone](docs/gone-too.md#x), [web](https://example.org/x.md), [mail](mailto:a@b.c).",
		"`[in code](docs/gone.md)` is not a link.",
		"```",
		"[in a block](docs/gone.md)",
		"```",
		"[ref]: docs/missing.md",
	}, "\n"))
	write("docs/guide.md", strings.Join([]string{
		"# The guide",
		"## Flags and limits",
		"## TURN, with `coturn`",
		"Up: [README](../README.md#brass), [bad](../README.md#guide).",
	}, "\n"))
	write("app/doc.go", "package app\n")

	problems, links := checkLinks(root, []string{"README.md", "docs/guide.md"})
	want := []string{
		"README.md:4: [Gone](docs/gone.md): docs/gone.md does not exist",
		"README.md:4: [no such part](docs/guide.md#nowhere): docs/guide.md has no heading with the anchor #nowhere",
		"README.md:5: [Also gone](docs/gone-too.md#x): docs/gone-too.md does not exist",
		"README.md:10: [ref](docs/missing.md): docs/missing.md does not exist",
		"docs/guide.md:4: [bad](../README.md#guide): README.md has no heading with the anchor #guide",
	}
	if strings.Join(problems, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems\n%s\nwant\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
	if links != 11 {
		t.Errorf("%d relative links checked, want 11", links)
	}
}

func TestGitHubSlug(t *testing.T) {
	for _, c := range []struct{ heading, slug string }{
		{"Deploying the server", "deploying-the-server"},
		{"SELL ACTION", "sell-action"},
		{"1. Score Canal/Rail Links", "1-score-canalrail-links"},
		{"END OF CANAL & RAIL ERA", "end-of-canal--rail-era"},
		{"To perform the Sell action:", "to-perform-the-sell-action"},
		{"TURN, with `coturn`", "turn-with-coturn"},
		{"The [online](docs/online.md) protocol", "the-online-protocol"},
		{"snake_case and pre-built", "snake_case-and-pre-built"},
		{"Brass: Birmingham — in Go", "brass-birmingham--in-go"},
	} {
		if got := githubSlug(c.heading); got != c.slug {
			t.Errorf("githubSlug(%q) = %q, want %q", c.heading, got, c.slug)
		}
	}
}

var (
	// inlineLink is [text](target) or ![alt](target), the target optionally in <…> and
	// followed by a title.
	inlineLink = regexp.MustCompile(`!?\[([^\]]*)\]\(\s*(<[^>]*>|[^)\s]*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)`)
	// refDef is a reference definition: [label]: target.
	refDef     = regexp.MustCompile(`^ {0,3}\[([^\]]+)\]:\s*(<[^>]*>|\S+)`)
	codeSpan   = regexp.MustCompile("`+[^`]*`+")
	hasScheme  = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
	atxHeading = regexp.MustCompile(`^ {0,3}#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*$`)
	setextLine = regexp.MustCompile(`^ {0,3}(=+|-+)\s*$`)
	htmlAnchor = regexp.MustCompile(`<a\s[^>]*\b(?:id|name)="([^"]+)"`)
	htmlTag    = regexp.MustCompile(`<[^>]+>`)
	fence      = regexp.MustCompile("^ {0,3}(```|~~~)")
)

// checkLinks checks the relative links of files (paths relative to root, with slashes) and
// returns a problem per broken link, as "file:line: [text](target): why", and how many
// relative links it checked.
func checkLinks(root string, files []string) (problems []string, links int) {
	anchors := map[string]map[string]bool{} // Markdown file (relative to root) -> its anchors
	for _, f := range files {
		lines, err := readLines(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", f, err))
			continue
		}
		inFence := ""
		for i, line := range lines {
			if m := fence.FindStringSubmatch(line); m != nil {
				switch {
				case inFence == "":
					inFence = m[1]
				case inFence == m[1]:
					inFence = ""
				}
				continue
			}
			if inFence != "" {
				continue
			}
			type link struct{ text, target string }
			var found []link
			if m := refDef.FindStringSubmatch(line); m != nil {
				found = append(found, link{m[1], m[2]})
			} else {
				for _, m := range inlineLink.FindAllStringSubmatch(codeSpan.ReplaceAllString(line, ""), -1) {
					found = append(found, link{m[1], m[2]})
				}
			}
			for _, l := range found {
				target := strings.TrimSuffix(strings.TrimPrefix(l.target, "<"), ">")
				if target == "" || hasScheme.MatchString(target) {
					continue
				}
				links++
				if why := checkTarget(root, f, target, anchors); why != "" {
					problems = append(problems, fmt.Sprintf("%s:%d: [%s](%s): %s", f, i+1, l.text, l.target, why))
				}
			}
		}
	}
	return problems, links
}

// checkTarget says what is wrong with target, a link in file from (relative to root), or "".
func checkTarget(root, from, target string, anchors map[string]map[string]bool) string {
	p, frag, _ := strings.Cut(target, "#")
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p = p[:i]
	}
	p, err := url.PathUnescape(p)
	if err != nil {
		return fmt.Sprintf("bad escape in the path: %v", err)
	}
	var rel string
	switch {
	case p == "":
		rel = from
	case strings.HasPrefix(p, "/"): // from the repository's root, as GitHub reads it
		rel = path.Clean(strings.TrimPrefix(p, "/"))
	default:
		rel = path.Join(path.Dir(from), p)
	}
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return rel + " is outside the repository"
	}
	fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return rel + " does not exist"
	}
	if frag == "" || fi.IsDir() || !strings.HasSuffix(strings.ToLower(rel), ".md") {
		return ""
	}
	frag, err = url.PathUnescape(frag)
	if err != nil {
		return fmt.Sprintf("bad escape in the anchor: %v", err)
	}
	if anchors[rel] == nil {
		lines, err := readLines(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return err.Error()
		}
		anchors[rel] = markdownAnchors(lines)
	}
	if !anchors[rel][frag] {
		return fmt.Sprintf("%s has no heading with the anchor #%s", rel, frag)
	}
	return ""
}

func readLines(name string) ([]string, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n"), nil
}

// markdownAnchors returns the anchors GitHub gives a Markdown file: one per heading (ATX or
// setext), a repeated one numbered -1, -2, …, and those of <a id=…> or <a name=…>.
func markdownAnchors(lines []string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	add := func(heading string) {
		slug := githubSlug(heading)
		if n := seen[slug]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", slug, n)] = true
		} else {
			anchors[slug] = true
		}
		seen[slug]++
	}
	inFence := ""
	for i, line := range lines {
		if m := fence.FindStringSubmatch(line); m != nil {
			switch {
			case inFence == "":
				inFence = m[1]
			case inFence == m[1]:
				inFence = ""
			}
			continue
		}
		if inFence != "" {
			continue
		}
		for _, m := range htmlAnchor.FindAllStringSubmatch(line, -1) {
			anchors[m[1]] = true
		}
		if m := atxHeading.FindStringSubmatch(line); m != nil {
			add(m[1])
		} else if i > 0 && setextLine.MatchString(line) && setextText(lines[i-1]) {
			add(lines[i-1])
		}
	}
	return anchors
}

// setextText says whether a line followed by a line of '=' or '-' is the text of a heading:
// a line of a paragraph, not a blank line (the dashes then are a rule), a heading, a table
// row, a list item, a quote or a fence.
func setextText(prev string) bool {
	p := strings.TrimSpace(prev)
	if p == "" || atxHeading.MatchString(prev) || fence.MatchString(prev) || setextLine.MatchString(prev) {
		return false
	}
	for _, start := range []string{"|", "- ", "* ", "+ ", ">"} {
		if strings.HasPrefix(p, start) {
			return false
		}
	}
	return true
}

// githubSlug is the anchor GitHub makes of a heading: its text as rendered (links become
// their text, HTML tags go), lowercased, every character but letters, digits, marks, '_',
// '-' and spaces dropped, and each space turned into '-'.
func githubSlug(heading string) string {
	text := inlineLink.ReplaceAllString(heading, "$1")
	text = htmlTag.ReplaceAllString(text, "")
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(text)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
