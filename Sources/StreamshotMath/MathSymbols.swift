/// The commands of the TeX subset that stand for one symbol, and the class each is set as
/// (the classes of plain TeX and KaTeX, so spacing matches theirs).
enum MathSymbols {
    /// `\alpha` → α and the rest of the lowercase Greek letters (italic in math, as TeX sets them).
    static let lowercaseGreek: [String: Unicode.Scalar] = [
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε", "zeta": "ζ",
        "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν",
        "xi": "ξ", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ", "sigma": "σ", "varsigma": "ς", "tau": "τ",
        "upsilon": "υ", "phi": "ϕ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω"
    ]

    /// Capital Greek letters (upright in math).
    static let uppercaseGreek: [String: Unicode.Scalar] = [
        "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ",
        "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω"
    ]

    static let classed: [String: (Unicode.Scalar, MathClass)] = {
        var table: [String: (Unicode.Scalar, MathClass)] = [:]
        for (name, scalar) in binary { table[name] = (scalar, .binary) }
        for (name, scalar) in relations { table[name] = (scalar, .relation) }
        for (name, scalar) in ordinary { table[name] = (scalar, .ordinary) }
        for (name, scalar) in opening { table[name] = (scalar, .opening) }
        for (name, scalar) in closing { table[name] = (scalar, .closing) }
        table["therefore"] = ("∴", .relation)
        table["because"] = ("∵", .relation)
        table["colon"] = (":", .punctuation)
        table["ldotp"] = (".", .punctuation)
        return table
    }()

    static let binary: [String: Unicode.Scalar] = [
        "times": "×", "div": "÷", "pm": "±", "mp": "∓", "cdot": "⋅", "ast": "∗", "star": "⋆", "circ": "∘",
        "bullet": "∙", "cap": "∩", "cup": "∪", "setminus": "∖", "wedge": "∧", "land": "∧", "vee": "∨", "lor": "∨",
        "oplus": "⊕", "ominus": "⊖", "otimes": "⊗", "oslash": "⊘", "odot": "⊙", "dagger": "†", "ddagger": "‡",
        "amalg": "⨿", "sqcup": "⊔", "sqcap": "⊓", "uplus": "⊎", "triangleleft": "◁", "triangleright": "▷"
    ]

    static let relations: [String: Unicode.Scalar] = [
        "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "leqslant": "⩽", "geqslant": "⩾", "ne": "≠", "neq": "≠",
        "approx": "≈", "equiv": "≡", "sim": "∼", "simeq": "≃", "cong": "≅", "propto": "∝", "ll": "≪", "gg": "≫",
        "in": "∈", "notin": "∉", "ni": "∋", "subset": "⊂", "subseteq": "⊆", "supset": "⊃", "supseteq": "⊇",
        "to": "→", "rightarrow": "→", "leftarrow": "←", "gets": "←", "leftrightarrow": "↔", "Rightarrow": "⇒",
        "Leftarrow": "⇐", "Leftrightarrow": "⇔", "mapsto": "↦",
        "longrightarrow": "⟶", "longleftarrow": "⟵", "Longrightarrow": "⟹", "Longleftarrow": "⟸",
        "uparrow": "↑", "downarrow": "↓", "nearrow": "↗", "searrow": "↘", "perp": "⟂", "parallel": "∥",
        "mid": "∣", "vdash": "⊢", "models": "⊨", "doteq": "≐", "prec": "≺", "succ": "≻", "lessapprox": "⪅",
        "coloneqq": "≔", "triangleq": "≜", "nless": "≮", "ngtr": "≯", "lesssim": "≲", "gtrsim": "≳"
    ]

    static let ordinary: [String: Unicode.Scalar] = [
        "infty": "∞", "partial": "∂", "nabla": "∇", "forall": "∀", "exists": "∃", "nexists": "∄",
        "emptyset": "∅", "varnothing": "⌀", "neg": "¬", "lnot": "¬", "angle": "∠", "triangle": "△",
        "prime": "′", "ell": "ℓ", "hbar": "ℏ", "Re": "ℜ", "Im": "ℑ", "aleph": "ℵ", "wp": "℘", "degree": "°",
        "vdots": "⋮", "ddots": "⋱",
        "checkmark": "✓", "square": "□", "blacksquare": "■", "top": "⊤", "bot": "⊥", "surd": "√",
        "|": "‖", "Vert": "‖", "vert": "|", "backslash": "∖", "$": "$", "%": "%", "&": "&", "#": "#", "_": "_",
        "S": "§", "P": "¶", "dag": "†", "ddag": "‡", "pounds": "£", "euro": "€", "clubsuit": "♣", "heartsuit": "♡"
    ]

    static let opening: [String: Unicode.Scalar] = [
        "{": "{", "lbrace": "{", "langle": "⟨", "lfloor": "⌊", "lceil": "⌈", "lbrack": "[", "lvert": "|",
        "lVert": "‖"
    ]

    static let closing: [String: Unicode.Scalar] = [
        "}": "}", "rbrace": "}", "rangle": "⟩", "rfloor": "⌋", "rceil": "⌉", "rbrack": "]", "rvert": "|",
        "rVert": "‖"
    ]

    /// Big operators, with where their limits go.
    static let largeOperators: [String: (Unicode.Scalar, LimitPlacement)] = [
        "sum": ("∑", .displayOnly), "prod": ("∏", .displayOnly), "coprod": ("∐", .displayOnly),
        "bigcup": ("⋃", .displayOnly), "bigcap": ("⋂", .displayOnly), "bigoplus": ("⨁", .displayOnly),
        "bigotimes": ("⨂", .displayOnly), "bigvee": ("⋁", .displayOnly), "bigwedge": ("⋀", .displayOnly),
        "int": ("∫", .beside), "iint": ("∬", .beside), "iiint": ("∭", .beside), "oint": ("∮", .beside)
    ]

    /// Function names set upright; those that take limits below in display style (`\lim`).
    static let functions: Set<String> = [
        "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh",
        "log", "ln", "lg", "exp", "deg", "dim", "ker", "arg", "hom"
    ]
    static let functionsWithLimits: Set<String> = ["lim", "max", "min", "sup", "inf", "det", "gcd", "Pr", "limsup", "liminf", "argmax", "argmin"]

    /// `\hat` and the other accents: the combining mark and whether it stretches over its base.
    static let accents: [String: (Unicode.Scalar, stretches: Bool)] = [
        "hat": ("\u{302}", false), "check": ("\u{30C}", false), "tilde": ("\u{303}", false),
        "acute": ("\u{301}", false), "grave": ("\u{300}", false), "dot": ("\u{307}", false),
        "ddot": ("\u{308}", false), "breve": ("\u{306}", false), "bar": ("\u{304}", false),
        "vec": ("\u{20D7}", false), "widehat": ("\u{302}", true), "widetilde": ("\u{303}", true),
        "overrightarrow": ("\u{20D7}", true)
    ]

    /// Spacing commands, in ems (a mu is 1/18 em).
    static let spaces: [String: Double] = [
        ",": 3.0 / 18, "thinspace": 3.0 / 18, ":": 4.0 / 18, ">": 4.0 / 18, "medspace": 4.0 / 18,
        ";": 5.0 / 18, "thickspace": 5.0 / 18, "!": -3.0 / 18, "negthinspace": -3.0 / 18, " ": 0.25,
        "quad": 1, "qquad": 2, "enspace": 0.5
    ]

    /// Arrows that amsmath sets with a thick space on each side (`\;\Longrightarrow\;`).
    static let spacedArrows: [String: Unicode.Scalar] = ["implies": "⟹", "impliedby": "⟸", "iff": "⟺"]

    /// What a delimiter name after `\left`, `\right` or `\big` stands for.
    static func delimiter(named name: String) -> Unicode.Scalar? {
        switch name {
        case "{", "lbrace": return "{"
        case "}", "rbrace": return "}"
        case "|", "Vert", "lVert", "rVert": return "‖"
        case "vert", "lvert", "rvert", "mid": return "|"
        default: return opening[name] ?? closing[name]
        }
    }

    /// The class a character typed as itself is set as.
    static func mathClass(of scalar: Unicode.Scalar) -> MathClass {
        switch scalar {
        case "+", "-", "*": return .binary
        case "=", "<", ">", ":": return .relation
        case ",", ";": return .punctuation
        case "(", "[": return .opening
        case ")", "]": return .closing
        default: return .ordinary
        }
    }
}
