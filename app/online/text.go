package online

import (
	"fmt"
	"strings"
	"time"
)

// Words for notices.

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// sentenceFragment lowercases the first letter so a message reads inside a sentence.
func sentenceFragment(s string) string {
	s = strings.TrimSuffix(strings.TrimSpace(s), ".")
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// joinAnd lists names: "A", "A and B", "A, B and C".
func joinAnd(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// seconds says a wait: "30 s".
func seconds(d time.Duration) string {
	return fmt.Sprintf("%d s", int((d+time.Second/2)/time.Second))
}
