"""render/svg.py: charts as inline SVG, every label escaped, well-formed XML, a size when standalone."""
import xml.etree.ElementTree as ET

from cardlang.render.svg import Series, bars, histogram, lines, standalone

NS = "{http://www.w3.org/2000/svg}"


def test_charts_are_well_formed_and_escape_every_label() -> None:
    evil = '<script>alert("x")</script> & co'
    charts = [
        bars([evil, "b"], [Series(evil, [0.3, None], [0.2, None], [0.4, None])], title=evil, axis=evil, key="k"),
        bars(["a"], [Series("s", [-2.0], [-3.0], [-1.0])], title="t", axis="p", key="k", horizontal=True, ref=0.0),
        histogram({3: 4, 7: 1}, title=evil, axis="turns", key="h"),
        histogram({}, title="none", axis="turns", key="h"),
        lines([1, 2, 3], [Series(evil, [1.0, None, 3.0], [0.5, None, 2.0], [1.5, None, 4.0])], title="t",
              xaxis="turn", yaxis=evil, key="l"),
    ]
    for svg in charts:
        root = ET.fromstring(svg)  # well-formed, and no element but SVG's own
        assert root.tag == f"{NS}svg"
        assert all(e.tag != f"{NS}script" for e in root.iter())
        assert "<script>" not in svg
    assert ET.fromstring(charts[0]).find(f"{NS}title").text == evil  # the text survives, as text


def test_a_bar_with_an_interval_draws_its_whisker_and_a_standalone_file_has_a_size() -> None:
    svg = bars(["a"], [Series("s", [50.0], [40.0], [60.0])], title="t", axis="%", key="k", lo=0, hi=100)
    root = ET.fromstring(svg)
    assert len(root.findall(f"{NS}rect")) == 1 and len(root.findall(f"{NS}path")) == 1
    alone = ET.fromstring(standalone(svg).split("\n", 1)[1])
    assert alone.get("width") == "720" and alone.get("height") == root.get("viewBox").split()[3]
