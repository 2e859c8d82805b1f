"""Stores each exported card as Radicale 3.9.0 does on PUT, and writes what it would store.

Usage: radicale-put.py EXPORTS_DIR OUTPUT_DIR (run by record-vobject.sh, in a virtual
environment with radicale==3.9.0 and vobject==0.9.9). The steps are Radicale's own functions, in
the order `radicale/app/put.py` calls them for a PUT of one card into an address book:
read_components (its workarounds, then vobject.readComponents), check_and_sanitize_items, then
Item.prepare, whose serialize() is vobject's serialize(): the text the storage writes to disk and
every later GET returns. A card Radicale refuses gets NAME.refused with the error instead.
"""
import pathlib
import sys
from importlib.metadata import version

from radicale import item as radicale_item

assert version("radicale") == "3.9.0", version("radicale")
assert version("vobject") == "0.9.9", version("vobject")

exports, output = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
count = 0
refused = []
for path in sorted(exports.rglob("*.vcf")):
    content = path.read_bytes().decode("utf-8")
    target = output / path.relative_to(exports)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        vobject_items = radicale_item.read_components(content)
        radicale_item.check_and_sanitize_items(
            vobject_items, max_vevent_rrule_occurrence=0, is_collection=False, tag="VADDRESSBOOK")
        stored = radicale_item.Item(collection_path="user/book", vobject_item=vobject_items[0])
        stored.prepare()
        text = stored.serialize()
    except Exception as error:  # Radicale answers such a PUT with an error and stores nothing
        refused.append(path.relative_to(exports))
        target.with_suffix(".refused").write_text(f"{type(error).__name__}: {error}\n".replace(str(exports), ""))
        continue
    with open(target, "w", newline="", encoding="utf-8") as file:
        file.write(text)
    count += 1
print(f"recorded {count} cards in {output}; refused {len(refused)}: {[str(p) for p in refused]}")
