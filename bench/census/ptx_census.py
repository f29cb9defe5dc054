#!/usr/bin/env python3
"""A static census of the loop that holds a PTX kernel's tensor-core MMAs.

The census counts instructions, not time: for the innermost loop of each
kernel that contains `mma.sync` (or Hopper's `wgmma.mma_async`) it says how
many PTX instructions one iteration issues and what they are (MMAs, barriers,
cp.async copies, ldmatrix loads, 64- and 32-bit integer arithmetic, branches,
the rest). How many instructions and barriers a kernel spends per MMA is what
keeps the tensor cores fed or not, and it can be read without a GPU.

The loop is found on the PTX control-flow graph: the strongly connected
component (SCC) holding the most MMAs; if that SCC nests loops, its header's
back edges are cut and the search repeats inside it, so the result is the
innermost loop around the MMAs. Its count is "every block once": a loop
split into a header that conditionally issues prefetches and a body is
counted as one pass through both, which is the steady state of a pipelined
K loop. Blocks that an iteration can skip are reported as conditional.

Definitions (also in bench/census/README.md):
- MMAs are also counted as m16n8k16 equivalents per warp (`mma_eq`): an
  mma.sync mMnNkK is M*N*K/2048 of them; a wgmma mMnNkK is issued by the
  four warps of a warpgroup, so each warp's share is M*N*K/(4*2048).
- Integer arithmetic is add, sub, mul, mad, shl, shr, and, or, xor, not, neg,
  min, max, abs, div, rem, bfe, bfi, lop3, shf on .s/.u/.b types; 64-bit when
  the type is 64-bit or the op is a widening mul/mad (a 64-bit result).
  The loop's own induction variable update (the arithmetic that, through
  movs, feeds the setp of a branch in the loop) is loop control and counted
  under "other", not as integer arithmetic.

Use as a module (census_ptx(text)) or from the command line:
    python3 ptx_census.py KERNEL.ptx [--json]
"""

import json
import re
import sys

# Comments, or strings (kept, so that a "//" inside a string is no comment).
_COMMENT_RE = re.compile(r'"(?:\\.|[^"\\])*"|//[^\n]*|/\*.*?\*/', re.S)
_FUNC_RE = re.compile(r'^[ \t]*((?:\.(?:visible|extern|weak)\s+)*)\.(entry|func)\b', re.M)
_FUNC_NAME_RE = re.compile(r'\s*(?:\([^)]*\)\s*)?([A-Za-z_$%][\w$]*)')
_LABEL_RE = re.compile(r'([A-Za-z_$%][\w$]*)\s*:')
_PRED_RE = re.compile(r'@!?%[\w$]+\s+')
_SHAPE_RE = re.compile(r'\.m(\d+)n(\d+)k(\d+)')

INT_OPS = {"add", "sub", "mul", "mad", "shl", "shr", "and", "or", "xor", "not", "neg",
           "min", "max", "abs", "div", "rem", "bfe", "bfi", "lop3", "shf"}
_INT64_TYPES = {"s64", "u64", "b64"}
_INT32_TYPES = {"s32", "u32", "b32"}
BARRIER_OPS = ("bar.sync", "barrier.sync", "barrier.cta.sync", "bar.cta.sync")
# Every instruction lands in exactly one of these, so they add up to "instr".
CATEGORIES = ["mma", "bar", "cp_async", "ldmatrix", "int64", "int32", "branch", "other"]


class Instr:
    def __init__(self, text, line):
        self.text = text
        self.line = line
        m = _PRED_RE.match(text)
        self.pred = m.group(0).strip() if m else None
        rest = text[m.end():] if m else text
        parts = rest.split(None, 1)
        self.opcode = parts[0]
        self.operands = split_operands(parts[1]) if len(parts) > 1 else []

    @property
    def base(self):
        return self.opcode.split(".")[0]

    def __repr__(self):
        return "Instr(%r)" % self.text


class Block:
    def __init__(self, index, label, line):
        self.index = index
        self.label = label
        self.line = line
        self.instrs = []
        self.succs = []
        self.preds = []


class Function:
    def __init__(self, name, kind, blocks):
        self.name = name
        self.kind = kind
        self.blocks = blocks


def split_operands(text):
    """Operands split at top-level commas ({..} vectors and [..] addresses kept whole)."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def strip_comments(text):
    """The text without comments; a block comment keeps its newlines so line numbers hold."""
    def repl(m):
        s = m.group(0)
        if s.startswith('"'):
            return s
        return "\n" * s.count("\n")
    return _COMMENT_RE.sub(repl, text)


def parse(text):
    """The functions (kernels and device functions with bodies) of a PTX module."""
    text = strip_comments(text)
    funcs = []
    for m in _FUNC_RE.finditer(text):
        nm = _FUNC_NAME_RE.match(text, m.end())
        if not nm:
            continue
        # The body is the first {...} after the parameter list; a ';' first
        # means a declaration (.extern .func f(...);).
        pos, depth = nm.end(), 0
        while pos < len(text):
            ch = text[pos]
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
            elif depth == 0 and ch in "{;":
                break
            pos += 1
        if pos >= len(text) or text[pos] == ";":
            continue
        start, depth = pos, 0
        for pos in range(start, len(text)):
            if text[pos] == "{":
                depth += 1
            elif text[pos] == "}":
                depth -= 1
                if depth == 0:
                    break
        first_line = text.count("\n", 0, start) + 1
        body = text[start + 1:pos]
        funcs.append(Function(nm.group(1), m.group(2), build_blocks(body, first_line)))
    return funcs


def statements(body, first_line):
    """(kind, text, line) for each label ("label") and instruction ("instr") of a body.

    Directives (.reg, .shared, .pragma ...) are dropped; .loc and .file end at
    the line, with no ';'. Scope braces of inline asm blocks are skipped; the
    braces of vector operands stay inside their statement."""
    pending, pending_line = "", 0
    for offset, raw in enumerate(body.split("\n")):
        lineno = first_line + offset
        s = raw.strip()
        while s:
            if not pending:
                if s[0] in "{}":
                    s = s[1:].lstrip()
                    continue
                if s.startswith((".loc", ".file")):
                    break
                m = _LABEL_RE.match(s)
                if m:
                    yield "label", m.group(1), lineno
                    s = s[m.end():].lstrip()
                    continue
                pending_line = lineno
            i = s.find(";")
            if i < 0:
                pending += " " + s
                break
            stmt = (pending + " " + s[:i]).strip()
            pending, s = "", s[i + 1:].lstrip()
            if stmt and not stmt.startswith("."):
                yield "instr", stmt, pending_line


def _is_terminator(instr):
    return instr.base in ("bra", "brx", "ret", "exit", "trap")


def build_blocks(body, first_line):
    """Basic blocks and their edges."""
    blocks = [Block(0, None, first_line)]
    for kind, text, line in statements(body, first_line):
        cur = blocks[-1]
        if kind == "label":
            if cur.instrs or cur.label is not None:
                blocks.append(Block(len(blocks), text, line))
            else:
                cur.label, cur.line = text, line
            continue
        if cur.instrs and _is_terminator(cur.instrs[-1]):
            cur = Block(len(blocks), None, line)
            blocks.append(cur)
        if not cur.instrs and cur.label is None:
            cur.line = line
        cur.instrs.append(Instr(text, line))
    by_label = {b.label: b.index for b in blocks if b.label}
    for b in blocks:
        last = b.instrs[-1] if b.instrs else None
        falls = b.index + 1 < len(blocks)
        if last is not None and last.base == "bra":
            target = by_label.get(last.operands[0]) if last.operands else None
            if target is not None:
                b.succs.append(target)
            falls = falls and last.pred is not None
        elif last is not None and last.base in ("ret", "exit", "trap"):
            falls = falls and last.pred is not None
        if falls and b.index + 1 not in b.succs:
            b.succs.append(b.index + 1)
    for b in blocks:
        for s in b.succs:
            blocks[s].preds.append(b.index)
    return blocks


def sccs(nodes, succs):
    """Tarjan's strongly connected components of the subgraph on `nodes` (iterative)."""
    nodes = list(nodes)
    inside = set(nodes)
    index, low, on_stack, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter([s for s in succs(root) if s in inside]))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter([s for s in succs(w) if s in inside])))
                    advanced = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                out.append(sorted(comp))
    return out


def mma_eq(instr):
    """m16n8k16 equivalents per warp of one MMA instruction (0 if it is none)."""
    op = instr.opcode
    if not (op.startswith("mma.sync") or op.startswith("wgmma.mma_async")):
        return 0.0
    m = _SHAPE_RE.search(op)
    if not m:
        return 1.0
    m_, n_, k_ = (int(x) for x in m.groups())
    warps = 4 if op.startswith("wgmma") else 1
    return m_ * n_ * k_ / (2048.0 * warps)


def find_mma_loop(func):
    """(header, blocks) of the innermost loop holding the most MMAs, or None."""
    blocks = func.blocks
    weight = [sum(mma_eq(i) for i in b.instrs) for b in blocks]
    nodes, cut = list(range(len(blocks))), set()
    found = None
    while True:
        def succs(v):
            return [s for s in blocks[v].succs if (v, s) not in cut]
        comps = [c for c in sccs(nodes, succs)
                 if sum(weight[v] for v in c) > 0
                 and (len(c) > 1 or c[0] in succs(c[0]))]
        if not comps:
            return found
        comp = max(comps, key=lambda c: (sum(weight[v] for v in c), -len(c)))
        members = set(comp)
        entries = [v for v in comp if v == 0 or any(p not in members for p in blocks[v].preds)]
        header = entries[0] if entries else comp[0]
        found = (header, comp)
        # Cut the back edges into the entries and look for a loop inside.
        cut |= {(v, e) for v in comp for e in blocks[v].succs if e in entries}
        nodes = comp


def conditional_blocks(func, header, loop):
    """Loop blocks that an iteration (header to a back edge) can go around."""
    blocks, members = func.blocks, set(loop)
    latches = {v for v in loop if header in blocks[v].succs}
    out = set()
    for skip in loop:
        if skip == header:
            continue
        seen, todo = {header}, [header]
        while todo:
            v = todo.pop()
            if v in latches:
                out.add(skip)
                break
            for s in blocks[v].succs:
                if s in members and s != skip and s != header and s not in seen:
                    seen.add(s)
                    todo.append(s)
    return out


def _int_width(instr):
    """64, 32 or None: the width of an integer arithmetic instruction."""
    parts = instr.opcode.split(".")
    if parts[0] not in INT_OPS:
        return None
    types = [p for p in parts[1:] if p in _INT64_TYPES or p in _INT32_TYPES]
    if not types:
        return None
    if types[-1] in _INT64_TYPES or "wide" in parts[1:]:
        return 64
    return 32


def _is_reg(op):
    return op.startswith("%")


def loop_control(func, loop):
    """Ids of the integer instructions that only step the loop's induction variable:
    the defs, through movs, of the registers that the setps of the loop's
    branch predicates compare."""
    instrs = [i for v in loop for i in func.blocks[v].instrs]
    defs = {}
    for i in instrs:
        if i.operands:
            for d in i.operands[0].split("|"):
                defs.setdefault(d.strip(), []).append(i)
    preds = {i.pred.lstrip("@!") for i in instrs if i.base == "bra" and i.pred}
    todo, seen, out = [], set(), set()
    for p in preds:
        for i in defs.get(p, []):
            if i.base == "setp":
                todo += [o for o in i.operands[1:] if _is_reg(o)]
    while todo:
        r = todo.pop()
        if r in seen:
            continue
        seen.add(r)
        for i in defs.get(r, []):
            if i.base == "mov":
                todo += [o for o in i.operands[1:] if _is_reg(o)]
            elif _int_width(i):
                out.add(id(i))
    return out


def cp_async_bytes(instr):
    """The copy size of a cp.async (its third operand), or None."""
    if len(instr.operands) < 3:
        return None
    try:
        return int(instr.operands[2], 0)
    except ValueError:
        return None


def category(instr, control):
    op = instr.opcode
    if mma_eq(instr):
        return "mma"
    if op.startswith(BARRIER_OPS):
        return "bar"
    if op.startswith("cp.async.") and not op.startswith(
            ("cp.async.commit_group", "cp.async.wait_", "cp.async.bulk", "cp.async.mbarrier")):
        return "cp_async"
    if op.startswith("ldmatrix"):
        return "ldmatrix"
    if instr.base in ("bra", "brx"):
        return "branch"
    width = _int_width(instr)
    if width and id(instr) not in control:
        return "int%d" % width
    return "other"


def count(instrs, control):
    c = dict.fromkeys(CATEGORIES, 0)
    c["instr"] = len(instrs)
    c["mma_eq"] = 0.0
    c["cp_async_bytes"] = 0
    for i in instrs:
        cat = category(i, control)
        c[cat] += 1
        c["mma_eq"] += mma_eq(i)
        if cat == "cp_async":
            c["cp_async_bytes"] += cp_async_bytes(i) or 0
    return c


def census_function(func):
    """The census of one function's MMA loop (a dict), or None without one."""
    found = find_mma_loop(func)
    total_mma = sum(mma_eq(i) for b in func.blocks for i in b.instrs)
    if not found:
        return None
    header, loop = found
    control = loop_control(func, loop)
    cond = conditional_blocks(func, header, loop)
    blocks = []
    for v in sorted(loop):
        b = func.blocks[v]
        blocks.append({"label": b.label, "line": b.line, "conditional": v in cond,
                       "counts": count(b.instrs, control)})
    every = count([i for v in sorted(loop) for i in func.blocks[v].instrs], control)
    always = count([i for v in sorted(loop) if v not in cond
                    for i in func.blocks[v].instrs], control)
    loop_instrs = [i for v in loop for i in func.blocks[v].instrs]
    shapes = sorted({i.opcode for i in loop_instrs if mma_eq(i)})
    sizes = sorted({cp_async_bytes(i) for i in loop_instrs
                    if category(i, control) == "cp_async"} - {None})
    mma = every["mma_eq"]
    return {
        "function": func.name,
        "header": func.blocks[header].label,
        "blocks": blocks,
        "conditional_blocks": [func.blocks[v].label or "line %d" % func.blocks[v].line
                               for v in sorted(cond)],
        "per_iteration": every,
        "unconditional": always,
        "mma_ops": shapes,
        "wgmma": any(s.startswith("wgmma") for s in shapes),
        "cp_async_sizes": sizes,
        "loop_control": len(control),
        "mma_eq_outside_loop": total_mma - mma,
        "instr_per_mma": every["instr"] / mma if mma else None,
        "mma_per_barrier": mma / every["bar"] if every["bar"] else None,
    }


def census_ptx(text):
    """[census] for each function of a PTX module that has an MMA loop."""
    out = []
    for f in parse(text):
        c = census_function(f)
        if c:
            out.append(c)
    return out


def fmt(x, digits=2):
    if x is None:
        return "-"
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return ("%%.%df" % digits) % x if isinstance(x, float) else str(x)


def describe(c):
    """Human-readable lines for one census (the command line prints these)."""
    p = c["per_iteration"]
    lines = ["function %s: loop header %s, %d blocks" % (c["function"], c["header"], len(c["blocks"]))]
    for b in c["blocks"]:
        bc = b["counts"]
        lines.append("  block %s (line %d)%s: %s" % (
            b["label"] or "-", b["line"], " conditional" if b["conditional"] else "",
            " ".join("%s=%d" % (k, bc[k]) for k in ["instr"] + CATEGORIES)))
    lines.append("  per iteration: " + " ".join("%s=%d" % (k, p[k]) for k in ["instr"] + CATEGORIES))
    lines.append("  mma_eq=%s instr_per_mma=%s mma_per_barrier=%s cp_async_sizes=%s "
                 "loop_control=%d wgmma=%s" % (
                     fmt(p["mma_eq"]), fmt(c["instr_per_mma"]), fmt(c["mma_per_barrier"]),
                     ",".join(str(s) for s in c["cp_async_sizes"]) or "-",
                     c["loop_control"], "yes" if c["wgmma"] else "no"))
    lines.append("  conditional: %s" % (", ".join(c["conditional_blocks"]) or "none"))
    return lines


def main(argv):
    args = [a for a in argv[1:] if a != "--json"]
    if len(args) != 1:
        sys.stderr.write("usage: ptx_census.py KERNEL.ptx [--json]\n")
        return 2
    with open(args[0]) as f:
        result = census_ptx(f.read())
    if "--json" in argv:
        print(json.dumps(result, indent=1))
    else:
        for c in result:
            print("\n".join(describe(c)))
        if not result:
            print("no MMA loop")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
