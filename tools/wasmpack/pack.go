package main

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
)

// Section ids of the WebAssembly binary format that pack reads or rewrites.
const (
	sectionData      = 11
	sectionDataCount = 12
)

// wasmHeader is the magic number and version 1 every module starts with.
var wasmHeader = []byte{0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00}

// segment is an active data segment of memory 0: bytes copied to offset at
// instantiation.
type segment struct {
	offset uint32
	data   []byte
}

// stats says what pack did.
type stats struct {
	segmentsBefore, segmentsAfter int
	bytesBefore, bytesAfter       int
}

// pack rewrites the module's data section so that segments separated by at
// most maxGap zero bytes become one segment holding those zeros.
//
// Go's linker splits the data into a segment at every run of 8 or more zero
// bytes (up to 100,000 segments), which makes the file smallest before
// compression. Served with brotli the opposite holds: zeros cost almost
// nothing compressed while each segment's header (an offset that differs
// every time, and a length) does. The memory the module starts with is the
// same byte for byte; pack checks that before returning.
//
// Only what Go's linker writes is accepted: active segments of memory 0 with
// an i32.const offset. Anything else is an error and the input is untouched.
func pack(module []byte, maxGap int) ([]byte, stats, error) {
	var st stats
	if maxGap < 0 {
		return nil, st, fmt.Errorf("negative gap %d", maxGap)
	}
	secs, err := readSections(module)
	if err != nil {
		return nil, st, err
	}
	dataIdx := -1
	for i, s := range secs {
		if s.id == sectionData {
			dataIdx = i
		}
	}
	if dataIdx < 0 {
		return nil, st, errors.New("no data section")
	}
	segs, err := readSegments(secs[dataIdx].body)
	if err != nil {
		return nil, st, fmt.Errorf("data section: %w", err)
	}
	merged, err := mergeSegments(segs, maxGap)
	if err != nil {
		return nil, st, fmt.Errorf("data section: %w", err)
	}

	var out bytes.Buffer
	out.Write(wasmHeader)
	for i, s := range secs {
		body := s.body
		switch {
		case i == dataIdx:
			body = writeSegments(merged)
		case s.id == sectionDataCount:
			body = appendULEB(nil, uint64(len(merged)))
		}
		out.WriteByte(s.id)
		out.Write(appendULEB(nil, uint64(len(body))))
		out.Write(body)
	}

	// The promise: the same initial memory (every other section is copied as it is).
	before, err := memoryImage(segs)
	if err != nil {
		return nil, st, err
	}
	after, err := memoryImage(merged)
	if err != nil {
		return nil, st, err
	}
	if !bytes.Equal(before, after) {
		return nil, st, errors.New("internal error: the packed module's initial memory differs")
	}
	st = stats{
		segmentsBefore: len(segs), segmentsAfter: len(merged),
		bytesBefore: len(module), bytesAfter: out.Len(),
	}
	return out.Bytes(), st, nil
}

// section is one section of a module, its body not yet decoded.
type section struct {
	id   byte
	body []byte
}

// readSections splits a module into its sections.
func readSections(module []byte) ([]section, error) {
	if !bytes.HasPrefix(module, wasmHeader) {
		return nil, errors.New("not a WebAssembly module (version 1)")
	}
	var secs []section
	r := reader{b: module, pos: len(wasmHeader)}
	for !r.done() {
		id, err := r.byte()
		if err != nil {
			return nil, err
		}
		n, err := r.uleb()
		if err != nil {
			return nil, err
		}
		body, err := r.bytes(n)
		if err != nil {
			return nil, fmt.Errorf("section %d: %w", id, err)
		}
		secs = append(secs, section{id: id, body: body})
	}
	return secs, nil
}

// readSegments decodes a data section's segments.
func readSegments(body []byte) ([]segment, error) {
	r := reader{b: body}
	count, err := r.uleb()
	if err != nil {
		return nil, err
	}
	segs := make([]segment, 0, min(count, uint64(len(body))))
	for i := uint64(0); i < count; i++ {
		kind, err := r.uleb()
		if err != nil {
			return nil, err
		}
		if kind != 0 {
			return nil, fmt.Errorf("segment %d: kind %d (only active segments of memory 0 are packed)", i, kind)
		}
		if op, err := r.byte(); err != nil || op != 0x41 {
			return nil, fmt.Errorf("segment %d: offset is not an i32.const", i)
		}
		off, err := r.sleb32()
		if err != nil {
			return nil, fmt.Errorf("segment %d: %w", i, err)
		}
		if end, err := r.byte(); err != nil || end != 0x0b {
			return nil, fmt.Errorf("segment %d: offset expression is not a single constant", i)
		}
		n, err := r.uleb()
		if err != nil {
			return nil, err
		}
		data, err := r.bytes(n)
		if err != nil {
			return nil, fmt.Errorf("segment %d: %w", i, err)
		}
		segs = append(segs, segment{offset: uint32(off), data: data})
	}
	if !r.done() {
		return nil, errors.New("bytes after the last segment")
	}
	return segs, nil
}

// mergeSegments sorts the segments by offset and joins neighbours at most
// maxGap bytes apart, filling the gap with zeros. Overlapping segments are an
// error: which bytes win would then depend on their order.
func mergeSegments(segs []segment, maxGap int) ([]segment, error) {
	sorted := append([]segment(nil), segs...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].offset < sorted[j].offset })
	var out []segment
	for _, s := range sorted {
		if len(out) == 0 {
			out = append(out, segment{offset: s.offset, data: append([]byte(nil), s.data...)})
			continue
		}
		last := &out[len(out)-1]
		end := uint64(last.offset) + uint64(len(last.data))
		if uint64(s.offset) < end {
			return nil, fmt.Errorf("segments at %#x and %#x overlap", last.offset, s.offset)
		}
		if gap := uint64(s.offset) - end; gap <= uint64(maxGap) {
			last.data = append(last.data, make([]byte, gap)...)
			last.data = append(last.data, s.data...)
			continue
		}
		out = append(out, segment{offset: s.offset, data: append([]byte(nil), s.data...)})
	}
	return out, nil
}

// writeSegments encodes a data section's body.
func writeSegments(segs []segment) []byte {
	b := appendULEB(nil, uint64(len(segs)))
	for _, s := range segs {
		b = append(b, 0x00, 0x41) // active, memory 0; i32.const
		b = appendSLEB(b, int64(int32(s.offset)))
		b = append(b, 0x0b) // end
		b = appendULEB(b, uint64(len(s.data)))
		b = append(b, s.data...)
	}
	return b
}

// memoryImage is the memory the segments initialise, up to the last byte
// they write (later bytes are zero either way).
func memoryImage(segs []segment) ([]byte, error) {
	var size uint64
	for _, s := range segs {
		size = max(size, uint64(s.offset)+uint64(len(s.data)))
	}
	if size > 1<<32 {
		return nil, errors.New("segments reach past 4 GiB")
	}
	mem := make([]byte, size)
	for _, s := range segs {
		copy(mem[s.offset:], s.data)
	}
	return bytes.TrimRight(mem, "\x00"), nil
}

// reader decodes the binary format's primitives, failing on truncation.
type reader struct {
	b   []byte
	pos int
}

var errTruncated = errors.New("truncated module")

func (r *reader) done() bool { return r.pos >= len(r.b) }

func (r *reader) byte() (byte, error) {
	if r.pos >= len(r.b) {
		return 0, errTruncated
	}
	r.pos++
	return r.b[r.pos-1], nil
}

func (r *reader) bytes(n uint64) ([]byte, error) {
	if n > uint64(len(r.b)-r.pos) {
		return nil, errTruncated
	}
	b := r.b[r.pos : r.pos+int(n)]
	r.pos += int(n)
	return b, nil
}

// uleb reads an unsigned LEB128 number of at most 64 bits.
func (r *reader) uleb() (uint64, error) {
	var x uint64
	for shift := 0; shift < 64; shift += 7 {
		c, err := r.byte()
		if err != nil {
			return 0, err
		}
		x |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return x, nil
		}
	}
	return 0, errors.New("LEB128 number too long")
}

// sleb32 reads a signed LEB128 number that must fit 32 bits (an i32.const).
func (r *reader) sleb32() (int32, error) {
	var x int64
	for shift := 0; shift < 35; shift += 7 {
		c, err := r.byte()
		if err != nil {
			return 0, err
		}
		x |= int64(c&0x7f) << shift
		if c < 0x80 {
			if c&0x40 != 0 {
				x -= 1 << (shift + 7)
			}
			if x < -1<<31 || x >= 1<<31 {
				return 0, errors.New("i32.const out of range")
			}
			return int32(x), nil
		}
	}
	return 0, errors.New("i32.const too long")
}

func appendULEB(b []byte, x uint64) []byte {
	for {
		c := byte(x & 0x7f)
		x >>= 7
		if x == 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

func appendSLEB(b []byte, x int64) []byte {
	for {
		c := byte(x & 0x7f)
		x >>= 7
		if (x == 0 && c&0x40 == 0) || (x == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
