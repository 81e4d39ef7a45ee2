#!/usr/bin/env python3
"""Random Markdown sites for comparing two builds of notebook (scripts/compare-builds).

usage: random_sites.py OUT COUNT [clean]

Writes COUNT sites of 8 notes each to OUT/sNN (or OUT/cNN with `clean`). The notes nest emphasis,
links, wikilinks, images, embeds, annotations, highlights, footnotes, tables, lists, quotes and
callouts, up to 70 levels deep, with unpaired markers, refused schemes and text that needs
escaping. Sites without `clean` also hold malformed annotations and front matter (their builds
fail: what is compared is the diagnostics); `clean` sites avoid those, so that they build and
their pages are compared. The same arguments always write the same sites.
"""
import random, os, sys
CLEAN = len(sys.argv) > 3
def word(r): return r.choice(["alpha","beta","gamma","delta","x","über","日本","a_b","foo*bar","q~z","emoji🔴","5$","tab\t","&amp;","<b>","back\\slash","`tick","[br","]","(p)","==",*([] if CLEAN else ["^["]),"!","|","#tag","%%c%%","http://ex.com"])
def inline(r, d=0):
    if d > r.choice([2,4,8,70]): return word(r)
    k = r.randrange(26)
    i = lambda: inline(r, d+1)
    seq = lambda: " ".join(inline(r, d+1) for _ in range(r.randrange(1,4)))
    return [lambda: word(r), lambda: "*"+seq()+"*", lambda: "**"+seq()+"**", lambda: "_"+seq()+"_",
      lambda: "~~"+seq()+"~~", lambda: "=="+seq()+"==", lambda: "`"+word(r)+"`",
      lambda: "["+seq()+"]("+r.choice(["b.md","https://e.com/x?a=1&b=2",("javascript:alert" if CLEAN else "javascript:alert(1)"),"note-1.md#h","../up.md","pic.png","mailto:a@b","data:x"," <sp ace>"])+r.choice([""," \"title\""])+")",
      lambda: "![" + seq() + "](" + r.choice(["pic.png","https://e.com/i.png","missing.jpg","javascript:x"]) + ")",
      lambda: "[["+r.choice(["note-1","note-2","Missing","note-3#Head","note-1|lab","pic.png"])+"]]",
      lambda: "![["+r.choice(["pic.png","note-2","pic.png|200","x.pdf"])+"]]",
      lambda: "^["+(r.choice(["plain *it* text","**b** x","==h== y","`c` z"]) if CLEAN else seq())+"]("+r.choice(["highlight: 'green'","bold: true, italic: true","underline: 'double'","highlight: 'blue'","color: 'primary'","scale: 5","textStyle: 'title'",*([] if CLEAN else ["bad json"]),"strikethrough: 'single', unknown: 1",*([] if CLEAN else ["highlight: 'nope'"]),"", "color: '#abc'"])+")",
      lambda: "<span>"+seq()+"</span>", lambda: "\\*"+i(), lambda: i()+"  \n"+i(), lambda: i()+"\n"+i(),
      lambda: "[^"+r.choice(["1","n","x"])+"]", lambda: "<https://auto.link/p>", lambda: "www.example.com",
      lambda: "*"+seq(), lambda: seq()+"**", lambda: "=="+seq(), lambda: "[["+word(r), lambda: ("" if CLEAN else "^[")+seq()+"]",
      lambda: "***"+seq()+"***", lambda: "[" + seq() + "][ref]"][k]()
def para(r): return " ".join(inline(r) for _ in range(r.randrange(1,6)))
def block(r, d=0):
    k = r.randrange(12 if d < 3 else 6)
    if k == 0: return "#"*r.randint(1,6)+" "+para(r)
    if k == 1: return "```"+r.choice(["","swift","math"])+"\n"+word(r)+"\n```"
    if k == 2: return "| a | b |\n|---|:-:|\n| "+para(r).replace("\n"," ").replace("|","\\|")+" | [[note-1\\|x]] |"
    if k == 3: return "[^"+r.choice(["1","n"])+"]: "+para(r)
    if k == 4: return "[ref]: https://r.example/"+r.choice(["a","b"])
    if k == 5: return "<div>"+word(r)+"</div>"
    if k == 6: return "\n".join("> "+l for l in (r.choice(["[!TIP] "+word(r)+"\n", "[!faq]-\n",""])+block(r,d+1)).split("\n"))
    if k == 7: return "\n".join(r.choice(["- ","1. ","- [ ] ","- [x] "])+block(r,d+1).replace("\n","\n   ") for _ in range(r.randint(1,3)))
    return para(r)
def note(r, n):
    fm = "---\ntitle: "+r.choice(["Note "+str(n),"\"Q: "+str(n)+"\"",("T3 " if CLEAN else "*t* ")+str(n)])+"\ntags: ["+r.choice(["a","b, c",("\"#hash\"" if CLEAN else "#hash"),"plugin/emitter"])+"]\ndate: 2026-01-"+"%02d"%r.randint(1,28)+"\n---\n"
    return (fm if r.random()<0.8 else "") + "\n\n".join(block(r) for _ in range(r.randint(1,12)))+"\n"
def site(path, seed):
    r = random.Random(seed)
    os.makedirs(path+"/notes/sub", exist_ok=True)
    open(path+"/notes/pic.png","wb").write(b"\x89PNG\r\n\x1a\n")
    for n in range(1, 9):
        open(path+"/notes/"+("sub/" if n>6 else "")+"note-"+str(n)+".md","w").write(note(r, n))
for s in range(int(sys.argv[2])): site(sys.argv[1]+("/c%02d" if CLEAN else "/s%02d")%s, s+1000*CLEAN)
