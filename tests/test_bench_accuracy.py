"""Benchmarks end to end: bench/accuracy.py on the generated set through the real rules backend;
bench/http_cost.py through a real socket."""

import subprocess
import sys

from tests.conftest import ROOT


def test_accuracy_bench_prints_the_table_and_misses():
    out = subprocess.run([sys.executable, "-m", "bench.accuracy", "--sets", "generated", "--n", "200", "--no-jionlp",
                          "--worst", "3"], cwd=ROOT, capture_output=True, text=True, check=True, timeout=300).stdout
    row = next(line for line in out.splitlines() if line.startswith("| generated | rules | 200 |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert float(cells[-2].rstrip("%")) >= 90.0  # whole-record exact match on our own texts
    assert "worst misses of rules" in out
    # Issue 22's fields: contacts on two-contact texts always; the township where NAACL is on this machine.
    assert "contacts (500 texts with a sender and a recipient" in out and "town (naacl-dev)" in out


def test_the_contacts_bench_scores_name_phone_and_role(tmp_path, monkeypatch):
    from bench.contract_v2 import contacts_line, town_line, two_contact_texts, unlabelled_line

    texts = two_contact_texts(20)
    assert len(texts) == 20 and all(len(gold) == 2 and {r for _, _, r in gold} == {"sender", "recipient"} for _, gold, _ in texts)
    assert "precision 100.0%, recall 100.0%" in contacts_line(20)
    assert "precision 100.0%, recall 100.0%" in unlabelled_line(20) and unlabelled_line(20).endswith("one contact: 100.0%")
    (tmp_path / "naacl2019").mkdir()
    (tmp_path / "naacl2019" / "dev.txt").write_text("转 B-town\n塘 I-town\n街 I-town\n道 I-town\n象 B-road\n山 I-road\n"
                                                     "路 I-road\n\n城 B-town\n关 I-town\n镇 I-town\n", encoding="utf-8")
    monkeypatch.setenv("ADDRX_CORPORA", str(tmp_path))
    line = town_line("dev")
    assert line.startswith("town (naacl-dev): 2 addresses tag a town, ours right on 50.0%")  # 城关镇: hundreds of places


def test_http_cost_bench_measures_both_sides_on_a_real_socket():
    from bench.http_cost import measure

    r = measure(batch=50, calls=2)
    assert r["direct_us"] > 0 and r["http_us"] > r["direct_us"] and r["layer_us"] > 0


def test_target_formats_bench_prints_tokens_and_ceiling_per_format(capsys):
    from bench.target_formats import main

    got = main(["--n", "60", "--sets", "generated"])["generated"]
    assert got["json"]["tokens"] > got["lines"]["tokens"] > got["compact"]["tokens"] > 10
    assert all(r["ceiling"] == 1.0 for r in got.values())  # a perfect answer in any format is exact on generated records
    assert "json/compact tokens" in capsys.readouterr().out


def test_service_cpu_bench_runs_every_layout_through_a_real_socket(capsys, monkeypatch):
    """bench/service_cpu.py: four layouts around an instant model, each through POST /extract."""
    import sys

    from bench.service_cpu import main

    monkeypatch.setattr(sys, "argv", ["service_cpu", "--batch", "40", "--calls", "2", "--concurrency", "2",
                                      "--workers", "1", "--repeats", "1"])
    main()
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("round 1")]
    assert len(rows) == 4 and all("records/s" in row for row in rows)
    assert "rules in the 1 processes" in rows[3]


def test_postprocess_cost_bench_prints_both_ways_and_puts_the_phone_search_back(capsys, monkeypatch):
    import sys

    from bench.postprocess_cost import main
    from service.extract import phones

    remembered = phones._find_phones
    monkeypatch.setattr(sys, "argv", ["postprocess_cost", "--n", "20", "--passes", "2"])
    main()
    out = capsys.readouterr().out
    assert "phone search remembered" in out and "searched every time" in out and "ms a record" in out
    assert phones._find_phones is remembered


def test_the_framed_sets_put_a_waybills_own_fields_into_frames(tmp_path, monkeypatch):
    from addrdata.framed import address_as_written, framed
    from bench.accuracy import load_set
    from tests.test_corpora import waybill_line

    rows = [("13812345678梅兰芳浙江省杭州市西湖区文三路1号",
             {"province": "浙江省", "city": "杭州市", "district": "西湖区", "specific_location": "文三路1号",
              "name": "梅兰芳", "phone": "13812345678"}),
            ("浙江省杭州市西湖区文三路2号", {"province": "浙江省", "city": "杭州市", "district": "西湖区",
                                        "specific_location": "文三路2号", "name": None, "phone": None})]
    assert address_as_written(*rows[0]) == "浙江省杭州市西湖区文三路1号" and address_as_written(*rows[1]) is None
    texts = framed(rows, seed=7)
    assert len(texts) == 3 and all(gold is rows[0][1] for _, gold in texts)  # the row without a name is left out
    assert all("梅兰芳" in t and "13812345678" in t and "浙江省杭州市西湖区文三路1号" in t for t, _ in texts)
    assert len({t for t, _ in texts}) == 3 and texts == framed(rows, seed=7) != framed(rows, seed=8)
    (tmp_path / "waybill").mkdir()
    (tmp_path / "waybill" / "dev.txt").write_text("text_a\tlabel\n" + waybill_line(
        [("13812345678", "T"), ("梅兰芳", "P"), ("浙江省", "A1"), ("杭州市", "A2"), ("西湖区", "A3"), ("文三路1号", "A4")]) + "\n",
        encoding="utf-8")
    monkeypatch.setenv("ADDRX_CORPORA", str(tmp_path))
    loaded = load_set("framed-waybill-dev", 10)
    assert len(loaded) == 3 and all(gold["name"] == "梅兰芳" and gold["specific_location"] == "文三路1号" for _, gold in loaded)


def test_the_composed_sets_draw_every_part_at_random_around_a_rows_own_fields():
    from addrdata.composed import composed

    gold = {"province": "浙江省", "city": "杭州市", "district": "西湖区", "specific_location": "文三路1号", "name": "梅兰芳",
            "phone": "13812345678"}
    rows = [("13812345678梅兰芳浙江省杭州市西湖区文三路1号", gold), ("浙江省杭州市西湖区文三路2号", {**gold, "name": None, "phone": None})]
    texts = composed(rows * 20, seed=7)
    assert len(texts) == 60 and all(g is gold for _, g in texts)  # three per row; the row without a name is left out
    assert all("梅兰芳" in t and "13812345678" in t and "浙江省杭州市西湖区" in t and "文三路1号" in t for t, _ in texts)
    assert any("浙江省杭州市西湖区文三路1号" not in t for t, _ in texts)  # the address split into an order form's two fields
    assert len({t for t, _ in texts}) > 40 and texts == composed(rows * 20, seed=7) != composed(rows * 20, seed=8)
    assert any(t.index("13812345678") < t.index("梅兰芳") for t, _ in texts)  # the fields in any order


def test_the_relabelled_sets_draw_the_same_parts_from_another_label_table(tmp_path, monkeypatch):
    from addrdata.composed import RELABELLED, composed
    from bench.accuracy import DERIVED_SETS, LABELLED

    gold = {"province": "浙江省", "city": "杭州市", "district": "西湖区", "specific_location": "文三路1号", "name": "梅兰芳",
            "phone": "13812345678"}
    texts = composed([("13812345678梅兰芳浙江省杭州市西湖区文三路1号", gold)] * 40, seed=7, parts=RELABELLED)
    labels = {label for table in RELABELLED for label in table}
    assert all(any(label in t for label in labels) for t, _ in texts)  # every text carries one of the table's labels
    assert not any(label in t for t, _ in texts for label in ("Mob:", "N:", "【电话】"))  # none of the first table's
    assert {"relabelled-waybill-dev", "relabelled-naacl-train", "unlisted-waybill-dev", "colloquial-naacl-train",
            "unheard-waybill-dev"} <= set(DERIVED_SETS) <= set(LABELLED)


def test_the_colloquial_and_unheard_tables_split_one_pool_and_share_no_label():
    from addrdata.composed import COLLOQUIAL, UNHEARD

    for tuned, held in zip(COLLOQUIAL[:3], UNHEARD[:3]):
        assert len(tuned) == len(held) == 13 and not set(tuned) & set(held)


def test_the_spoken_and_untold_tables_split_a_fresh_pool_with_greetings_and_notes_of_their_own():
    from addrdata import composed as tables
    from bench.accuracy import DERIVED_SETS

    older = {label for parts in (tables.COMPOSED, tables.RELABELLED, tables.UNLISTED, tables.COLLOQUIAL, tables.UNHEARD)
             for table in parts[:3] for label in table}
    for tuned, held in zip(tables.SPOKEN, tables.UNTOLD):
        assert not (set(tuned) & set(held)) - {""} or tuned is held  # the order forms' two fields are shared
    assert not {label for parts in (tables.SPOKEN, tables.UNTOLD) for table in parts[:3] for label in table} & older
    gold = {"province": "浙江省", "city": "杭州市", "district": "西湖区", "specific_location": "文三路1号", "name": "梅兰芳",
            "phone": "13812345678"}
    texts = [t for t, _ in tables.composed([("13812345678梅兰芳浙江省杭州市西湖区文三路1号", gold)] * 60, seed=7,
                                           parts=tables.UNTOLD)]
    assert any(t.startswith("收货信息如下：") for t in texts) and any(t.endswith("放驿站就行") for t in texts)
    assert not any(t.startswith(("亲，", "老板，")) for t in texts)  # the first table's greetings are not drawn
    assert {"spoken-waybill-train", "spoken-naacl-dev", "untold-waybill-dev", "untold-naacl-dev"} <= set(DERIVED_SETS)


def test_the_shaped_and_unshaped_tables_halve_one_pool_of_label_shapes_that_wrap_or_follow_the_value():
    from addrdata import composed as tables
    from bench.accuracy import DERIVED_SETS

    for tuned, held, pool in zip(tables.SHAPED, tables.UNSHAPED, tables._SHAPES):
        assert not (set(tuned) & set(held)) - {""} and set(tuned) | set(held) == set(pool) | ({""} & set(tuned))
    gold = {"province": "浙江省", "city": "杭州市", "district": "西湖区", "specific_location": "文三路1号", "name": "梅兰芳",
            "phone": "13812345678"}
    texts = [t for t, _ in tables.composed([("13812345678梅兰芳浙江省杭州市西湖区文三路1号", gold)] * 60, seed=7,
                                           parts=tables.SHAPED)]
    assert any("【梅兰芳】" in t for t in texts) and any("13812345678 (mobile)" in t for t in texts)  # wrapped, after
    assert any("所在地区【浙江省杭州市西湖区】" in t for t in texts)  # the order form's two fields wrapped too
    assert not any("{}" in t for t in texts) and all(any(s in t for s in tables.SHAPED.separators) for t in texts)
    assert {"shaped-waybill-train", "shaped-naacl-dev", "unshaped-waybill-dev", "unshaped-naacl-train"} <= set(DERIVED_SETS)


def test_the_sentence_tables_halve_their_pools_and_keep_the_corpus_fields():
    from addrdata import sentences
    from bench.accuracy import DERIVED_SETS

    assert not set(sentences.SAID) & set(sentences.UNSAID)
    assert sorted(sentences.SAID + sentences.UNSAID) == sorted(sentences.SENTENCES) and len(sentences.SAID) == 16
    gold = {"province": "浙江省", "city": "杭州市", "district": "西湖区", "specific_location": "文三路1号", "name": "梅兰芳",
            "phone": "13812345678"}
    rows = [("13812345678梅兰芳浙江省杭州市西湖区文三路1号", gold), ("浙江省杭州市西湖区文三路2号", {**gold, "name": None})]
    said = sentences.in_sentences(rows * 30, seed=7, sentences=sentences.SAID)
    assert len(said) == 90 and all(g is gold for _, g in said)  # the row without a name is left out
    texts = {t for t, _ in said}
    assert all("浙江省杭州市西湖区文三路1号" in t and "梅兰芳" in t and "13812345678" in t for t in texts)
    assert len(texts) > 10 and not any("{" in t for t in texts)
    assert said == sentences.in_sentences(rows * 30, seed=7, sentences=sentences.SAID)  # seeded
    assert {"said-waybill-train", "said-naacl-dev", "unsaid-waybill-dev", "unsaid-naacl-train"} <= set(DERIVED_SETS)
    # the second pool: halved the same way, sharing no sentence with the first
    assert not set(sentences.WORDED) & set(sentences.UNWORDED) and not set(sentences.SENTENCES_B) & set(sentences.SENTENCES)
    assert sorted(sentences.WORDED + sentences.UNWORDED) == sorted(sentences.SENTENCES_B) and len(sentences.WORDED) == 16
    worded = sentences.in_sentences(rows * 30, seed=7, sentences=sentences.WORDED)
    assert len(worded) == 90 and all("梅兰芳" in t and "13812345678" in t for t, _ in worded)
    assert {"worded-waybill-train", "worded-naacl-dev", "unworded-waybill-dev", "unworded-naacl-train"} <= set(DERIVED_SETS)


def test_the_framed_naacl_sets_lend_each_address_a_waybills_name_and_phone(tmp_path, monkeypatch):
    from addrdata.framed import lend_contacts
    from bench.accuracy import LABELLED, load_set
    from service.schema import FIELDS
    from tests.test_corpora import NAACL, waybill_line

    address = {"province": "浙江省", "city": "杭州市", "district": "萧山区", "specific_location": "人民路", "name": None, "phone": None}
    contact = ("13812345678梅兰芳浙江省杭州市西湖区文三路1号", {"name": "梅兰芳", "phone": "13812345678"})
    lent = lend_contacts([("萧山人民路", address), ("人民路13912345678", address), ("梅兰芳路1号", address)],
                         [contact, ("浙江省杭州市西湖区文三路2号", {"name": None, "phone": None})], seed=1)
    # a row holding a phone-like run, or the lent name itself, is left out; the contact without a name lends nothing
    assert lent == [("萧山人民路梅兰芳13812345678", {**address, "name": "梅兰芳", "phone": "13812345678"})]
    for split in ("naacl2019", "waybill"):
        (tmp_path / split).mkdir()
    (tmp_path / "naacl2019" / "dev.txt").write_text(NAACL, encoding="utf-8")
    (tmp_path / "waybill" / "dev.txt").write_text("text_a\tlabel\n" + waybill_line(
        [("13812345678", "T"), ("梅兰芳", "P"), ("浙江省", "A1"), ("杭州市", "A2"), ("西湖区", "A3"), ("文三路1号", "A4")]) + "\n",
        encoding="utf-8")
    monkeypatch.setenv("ADDRX_CORPORA", str(tmp_path))
    loaded = load_set("framed-naacl-dev", 10)
    assert len(loaded) == 6 and LABELLED["framed-naacl-dev"] == FIELDS  # two NAACL rows, three frames each; six fields scored
    assert all("梅兰芳" in text and "13812345678" in text and gold["name"] == "梅兰芳" for text, gold in loaded)
    assert {gold["specific_location"] for _, gold in loaded} == {"景坛路1号-2", "人民路"}
    unnamed = load_set("unnamed-naacl-dev", 10)  # the same addresses with the phone alone, glued and after a space
    assert [text for text, _ in unnamed][:2] == ["浙江杭州江干区江干区景坛路1号-213812345678", "浙江杭州江干区江干区景坛路1号-2 13812345678"]
    assert len(unnamed) == 4 and all(gold["name"] is None and gold["phone"] == "13812345678" for _, gold in unnamed)


def test_made_up_names_are_counted_with_those_review_let_through():
    from bench.accuracy import Answers, made_up_names_line

    service = [{"name": None}, {"name": "麦当劳"}, {"name": "支行"}]
    answers = Answers(None, service, 0.1, [True] * 3, ["rules"] * 3, review=[True, False, True])
    assert made_up_names_line("unnamed-naacl-dev", answers) == "unnamed-naacl-dev: a name made up for 2/3 (66.7%); 1 of them unflagged"


def test_the_glued_naacl_sets_write_the_lent_fields_in_the_waybills_other_orders():
    from addrdata.framed import GLUED_ORDERS, glued

    gold = {"province": None, "city": None, "district": None, "specific_location": "人民路1号", "name": "梅兰芳",
            "phone": "13812345678"}
    texts = [text for text, g in glued([("人民路1号梅兰芳13812345678", gold)]) if g is gold]
    assert len(texts) == len(GLUED_ORDERS) == 5 and "人民路1号梅兰芳13812345678" not in texts
    assert texts[0] == "13812345678梅兰芳人民路1号" and texts[3] == "梅兰芳人民路1号13812345678"
