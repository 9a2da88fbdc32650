// Command compress writes brotli (.br) and gzip (.gz) copies of a file,
// by default web/app.wasm, for the server to send to browsers that accept
// them. Outputs that already decompress to the input are left alone, so
// running it after a build that changed nothing costs well under a second.
//
//	go run ./tools/compress [-quality 11] [-lgwin 24] [-force] [file]
package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"sync"
	"time"

	"brass/tools/internal/atomicfile"

	"github.com/andybalholm/brotli"
)

// defaultLGWin is the largest window of brotli's format (RFC 7932: 16 MB, which every
// decoder must take; Chromium's decoded and compiled app.wasm so compressed), and it holds
// all of app.wasm (14.9 MB): brotli at quality 11 then reaches the whole module for matches. Measured on web/app.wasm (Go 1.26, packed): 2,131,197 bytes with a 4 MB
// window (22), 2,109,706 with 8 MB (23), 2,109,014 with 16 MB; web/bot.wasm (4.5 MB)
// 815,761 and 815,504. The decoder holds the window while it decodes: up to 16 MB instead of 4.
const defaultLGWin = 24

func main() {
	log.SetFlags(0)
	log.SetPrefix("compress: ")
	quality := flag.Int("quality", brotli.BestCompression, "brotli quality, 0..11")
	lgwin := flag.Int("lgwin", defaultLGWin, "brotli window size as log2, 10..24")
	force := flag.Bool("force", false, "rewrite outputs even if they are up to date")
	flag.Parse()
	in := "web/app.wasm"
	if flag.NArg() > 0 {
		in = flag.Arg(0)
	}

	lines, err := compress(in, *quality, *lgwin, *force)
	for _, l := range lines {
		if l != "" {
			log.Print(l)
		}
	}
	if err != nil {
		log.Fatal(err)
	}
}

// compress writes in+".br" and in+".gz" unless they are up to date (or
// force is set), and returns one report line per output.
func compress(in string, quality, lgwin int, force bool) ([]string, error) {
	raw, err := os.ReadFile(in)
	if err != nil {
		return nil, err
	}

	jobs := []struct {
		ext      string
		settings string // what else the output depends on, kept beside it in a ".settings" file
		encode   func(io.Writer) io.WriteCloser
		decode   func(io.Reader) (io.Reader, error)
	}{
		{
			ext:      ".br",
			settings: fmt.Sprintf("brotli quality %d lgwin %d\n", quality, lgwin),
			encode: func(w io.Writer) io.WriteCloser {
				return brotli.NewWriterOptions(w, brotli.WriterOptions{Quality: quality, LGWin: lgwin})
			},
			decode: func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil },
		},
		{
			ext:      ".gz",
			settings: "gzip best\n",
			encode: func(w io.Writer) io.WriteCloser {
				zw, _ := gzip.NewWriterLevel(w, gzip.BestCompression) // valid level: no error
				return zw
			},
			decode: func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) },
		},
	}

	// Both run at once: brotli at quality 11 is the long one, and the
	// machines here have two cores.
	var wg sync.WaitGroup
	lines := make([]string, len(jobs))
	errs := make([]error, len(jobs))
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out := in + j.ext
			if !force && sameSettings(out, j.settings) && upToDate(out, raw, j.decode) {
				lines[i] = fmt.Sprintf("%s up to date", out)
				return
			}
			start := time.Now()
			var buf bytes.Buffer
			zw := j.encode(&buf)
			if _, err := zw.Write(raw); err != nil {
				errs[i] = err
				return
			}
			if err := zw.Close(); err != nil {
				errs[i] = err
				return
			}
			if err := atomicfile.Write(out, buf.Bytes(), 0o644); err != nil {
				errs[i] = err
				return
			}
			if err := atomicfile.Write(out+".settings", []byte(j.settings), 0o644); err != nil {
				errs[i] = err
				return
			}
			lines[i] = fmt.Sprintf("%s %d -> %d bytes (%.1f%%) in %.1fs",
				out, len(raw), buf.Len(), 100*float64(buf.Len())/float64(len(raw)),
				time.Since(start).Seconds())
		}()
	}
	wg.Wait()
	return lines, errors.Join(errs...)
}

// sameSettings reports whether the output at path was written with these settings (a file
// from a quick build at a low quality is not up to date for a build at quality 11).
func sameSettings(path, settings string) bool {
	b, err := os.ReadFile(path + ".settings")
	return err == nil && string(b) == settings
}

// upToDate reports whether the file at path decompresses to exactly want.
func upToDate(path string, want []byte, decode func(io.Reader) (io.Reader, error)) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	r, err := decode(f)
	if err != nil {
		return false
	}
	got, err := io.ReadAll(io.LimitReader(r, int64(len(want))+1))
	return err == nil && bytes.Equal(got, want)
}
