//! The LCB paper's other shared inputs: the perfect system's runs with M crowd references and
//! their GLEU (G10), the crowd batches, and the conservatism table (G6).

use super::conll14::PERFECT_DIR;

/// lcb-goldens G10: (M, mean sentence GLEU, corpus GLEU) midpoints of the authors' intervals.
pub(crate) const G10: [(usize, f64, f64); 10] = [
    (1, 0.46876, 0.49152),
    (2, 0.46382, 0.48469),
    (3, 0.46004, 0.47907),
    (4, 0.45854, 0.48319),
    (5, 0.46346, 0.48916),
    (6, 0.46283, 0.48816),
    (7, 0.45607, 0.47846),
    (8, 0.45744, 0.48139),
    (9, 0.46163, 0.48159),
    (10, 0.46791, 0.49013),
];

/// The authors' perfect-system run with `m` crowd references: (its gold M2, the perfect output
/// against it).
pub(crate) fn perfect_files(m: usize) -> (String, String) {
    (
        format!("{PERFECT_DIR}/{m}_sgss.m2"),
        format!("{PERFECT_DIR}/perfect_output_for_{m}_sgss.m2"),
    )
}

/// The three crowd batches the authors used, in their order.
pub(crate) const BATCHES: [&str; 3] = [
    "Batch_2612793_batch_results.csv",
    "Batch_2626033_batch_results.csv",
    "Batch_2634540_batch_results.csv",
];

/// lcb-goldens G6, from the authors' `results/results160111.json`: pairs, WordChange bins
/// (0, 1, 2, 3, 4, 5, 6–10, 11–20, 21–30), >30, split, concat, ΣWC, #WC>0, mean ρ, #ρ=1,
/// #0.7≤ρ<1.
pub(crate) const G6: [(&str, [usize; 17], &str); 16] = [
    (
        "gold",
        [
            1238, 468, 261, 167, 105, 78, 45, 85, 23, 6, 0, 39, 36, 2528, 770, 785, 446,
        ],
        "0.9857",
    ),
    (
        "cuui",
        [
            1340, 692, 460, 143, 34, 9, 2, 0, 0, 0, 0, 0, 9, 894, 648, 1008, 332,
        ],
        "0.9972",
    ),
    (
        "camb",
        [
            1309, 358, 573, 262, 83, 23, 4, 4, 0, 0, 2, 1, 1, 1600, 951, 943, 365,
        ],
        "0.9954",
    ),
    (
        "amu",
        [
            1319, 814, 313, 112, 49, 17, 11, 3, 0, 0, 0, 3, 2, 826, 505, 1033, 286,
        ],
        "0.9987",
    ),
    (
        "RoRo",
        [
            1328, 964, 275, 70, 10, 8, 1, 0, 0, 0, 0, 2, 1, 482, 364, 1015, 313,
        ],
        "0.9979",
    ),
    (
        "jmgr",
        [
            1335, 844, 373, 92, 22, 2, 0, 0, 0, 2, 0, 1, 1, 675, 491, 1038, 296,
        ],
        "0.9989",
    ),
    (
        "Char",
        [
            1332, 865, 357, 75, 19, 10, 3, 2, 1, 0, 0, 5, 0, 648, 467, 1029, 302,
        ],
        "0.9982",
    ),
    (
        "rac",
        [
            1333, 1039, 222, 56, 11, 5, 0, 0, 0, 0, 0, 0, 0, 387, 294, 1068, 265,
        ],
        "0.9998",
    ),
    (
        "umc",
        [
            1320, 739, 382, 152, 31, 10, 2, 2, 0, 0, 2, 3, 1, 957, 581, 989, 330,
        ],
        "0.9971",
    ),
    (
        "sjtu",
        [
            1338, 1110, 181, 38, 8, 1, 0, 0, 0, 0, 0, 1, 1, 285, 228, 1046, 292,
        ],
        "0.9989",
    ),
    (
        "iitb",
        [
            1341, 1288, 41, 11, 0, 1, 0, 0, 0, 0, 0, 0, 0, 67, 53, 1077, 264,
        ],
        "0.9998",
    ),
    (
        "ipn",
        [
            1322, 1116, 190, 15, 1, 0, 0, 0, 0, 0, 0, 0, 2, 223, 206, 1061, 261,
        ],
        "1.0000",
    ),
    (
        "nthu",
        [
            1329, 703, 448, 139, 25, 7, 2, 1, 2, 1, 1, 2, 2, 948, 626, 1003, 323,
        ],
        "0.9961",
    ),
    (
        "pku",
        [
            1325, 996, 261, 53, 15, 0, 0, 0, 0, 0, 0, 0, 0, 412, 329, 1067, 258,
        ],
        "1.0000",
    ),
    (
        "post",
        [
            1335, 703, 450, 136, 39, 6, 1, 0, 0, 0, 0, 0, 0, 868, 632, 1018, 317,
        ],
        "0.9979",
    ),
    (
        "ufc",
        [1341, 1334, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 7, 1083, 258],
        "1.0000",
    ),
];
