import { createRandom, type Random } from './random.ts';

/**
 * The demo catalogue: what a standards publisher's store sells, generated deterministically from a seed.
 * Publishers, committees and industry areas are hand-written (fictional organisations, realistic subjects);
 * standards and work items are composed from word lists, so titles read like the real thing
 * ("Standard Test Method for Tensile Properties of Plastics") without copying any real catalogue.
 */

export interface CataloguePublisher {
  code: string;
  name: string;
}

export interface CatalogueCommittee {
  /** e.g. "D20": a series letter and a number. */
  designation: string;
  title: string;
  publisherCode: string;
}

export interface CatalogueIndustryArea {
  /** e.g. "PLAST" */
  marketingCode: string;
  /** e.g. "Plastics & Polymers" */
  codeName: string;
}

export type StandardStatus = 'active' | 'withdrawn' | 'historical';

export interface CatalogueStandard {
  /** The store page id: publicURL + assetId + ".html" (spec §2). Lower-case designation, e.g. "d638-22". */
  assetId: string;
  /** The publisher's content code, the resolver's input; unique per catalogue. */
  contentCode: string;
  /** e.g. "D638-22": the committee's series letter, the standard number, the edition's two-digit year. */
  designation: string;
  title: string;
  publisherCode: string;
  committeeDesignation: string;
  status: StandardStatus;
  /** The edition year, e.g. "2022". */
  edition: string;
  /** YYYY-MM-DD */
  publishedOn: string;
  /** One to three marketing codes, the committee's own area first. */
  industryAreas: string[];
}

export type WorkItemStatus = 'proposed' | 'in_ballot' | 'approved' | 'published' | 'withdrawn';

export interface CatalogueWorkItem {
  /** "WK" and five digits. */
  workItemNumber: string;
  title: string;
  committeeDesignation: string;
  status: WorkItemStatus;
  /** YYYY-MM-DD */
  createdOn: string;
}

export interface Catalogue {
  publishers: CataloguePublisher[];
  committees: CatalogueCommittee[];
  industryAreas: CatalogueIndustryArea[];
  standards: CatalogueStandard[];
  workItems: CatalogueWorkItem[];
}

export interface CatalogueSize {
  standards: number;
  workItems: number;
}

export const DEMO_CATALOGUE_SEED = 'trackwell-demo-catalogue-v1';
export const DEMO_CATALOGUE_SIZE: CatalogueSize = { standards: 3000, workItems: 300 };

const PUBLISHERS: CataloguePublisher[] = [
  { code: 'ATMS', name: 'Allied Testing & Materials Society' },
  { code: 'PQCI', name: 'Petroleum Quality Council International' },
  { code: 'NWSA', name: 'National Water Standards Alliance' },
  { code: 'GBSO', name: 'Global Building Safety Organization' },
  { code: 'HSSB', name: 'Health & Safety Standards Board' },
  { code: 'IMEC', name: 'Institute of Mechanical Engineering Codes' },
  { code: 'ESIC', name: 'Electrotechnical Standards & Interoperability Council' },
];

const INDUSTRY_AREAS: CatalogueIndustryArea[] = [
  { marketingCode: 'PLAST', codeName: 'Plastics & Polymers' },
  { marketingCode: 'METAL', codeName: 'Metals & Alloys' },
  { marketingCode: 'CONCR', codeName: 'Cement & Concrete' },
  { marketingCode: 'CONST', codeName: 'Building & Construction' },
  { marketingCode: 'PETRO', codeName: 'Petroleum & Fuels' },
  { marketingCode: 'WATER', codeName: 'Water & Wastewater' },
  { marketingCode: 'ENVIR', codeName: 'Environmental Assessment' },
  { marketingCode: 'ENRGY', codeName: 'Energy & Renewables' },
  { marketingCode: 'ELECT', codeName: 'Electrical & Electronics' },
  { marketingCode: 'MEDIC', codeName: 'Medical Devices' },
  { marketingCode: 'PHARM', codeName: 'Pharmaceuticals & Biotechnology' },
  { marketingCode: 'CONSM', codeName: 'Consumer Products' },
  { marketingCode: 'TEXTL', codeName: 'Textiles & Apparel' },
  { marketingCode: 'PAINT', codeName: 'Paints & Coatings' },
  { marketingCode: 'RUBBR', codeName: 'Rubber & Elastomers' },
  { marketingCode: 'GEOTC', codeName: 'Geotechnical Engineering' },
  { marketingCode: 'AEROS', codeName: 'Aerospace & Aviation' },
  { marketingCode: 'AUTOM', codeName: 'Automotive & Transport' },
  { marketingCode: 'CHEMS', codeName: 'Chemicals & Reagents' },
  { marketingCode: 'FOODS', codeName: 'Food, Agriculture & Packaging' },
  { marketingCode: 'FIRES', codeName: 'Fire Safety' },
  { marketingCode: 'SAFTY', codeName: 'Occupational Health & Safety' },
  { marketingCode: 'NDTST', codeName: 'Nondestructive Testing' },
  { marketingCode: 'QUALT', codeName: 'Quality & Statistics' },
  { marketingCode: 'ADDMF', codeName: 'Additive Manufacturing' },
  { marketingCode: 'NANOT', codeName: 'Nanotechnology' },
  { marketingCode: 'SPORT', codeName: 'Sports & Recreation' },
  { marketingCode: 'PIPES', codeName: 'Piping Systems' },
  { marketingCode: 'CORRS', codeName: 'Corrosion & Durability' },
  { marketingCode: 'SECUR', codeName: 'Security & Emergency Response' },
];

/**
 * designation, title, publisher, the committee's industry areas (first = main), and the subjects its
 * standards cover (what titles are composed from).
 */
const COMMITTEES: ReadonlyArray<readonly [string, string, string, string, string]> = [
  [
    'A01',
    'Steel, Stainless Steel and Related Alloys',
    'ATMS',
    'METAL',
    'Carbon Steel Plate|Stainless Steel Bars|Alloy Steel Forgings|Seamless Steel Tubing',
  ],
  [
    'A05',
    'Metallic-Coated Iron and Steel Products',
    'ATMS',
    'METAL CORRS',
    'Zinc-Coated Steel Sheet|Hot-Dip Galvanized Fasteners|Aluminum-Zinc Alloy-Coated Steel Wire',
  ],
  [
    'A06',
    'Magnetic Properties',
    'ATMS',
    'METAL ELECT',
    'Electrical Steel Strip|Soft Magnetic Alloys|Permanent Magnet Materials',
  ],
  [
    'B02',
    'Nonferrous Metals and Alloys',
    'ATMS',
    'METAL',
    'Nickel Alloy Rod|Copper-Nickel Tubing|Titanium Alloy Bar',
  ],
  [
    'B07',
    'Light Metals and Alloys',
    'ATMS',
    'METAL AEROS',
    'Aluminum Alloy Sheet|Magnesium Alloy Castings|Aluminum Extrusions',
  ],
  ['C01', 'Cement', 'ATMS', 'CONCR', 'Portland Cement|Blended Hydraulic Cement|Masonry Cement'],
  [
    'C09',
    'Concrete and Concrete Aggregates',
    'ATMS',
    'CONCR CONST',
    'Ready-Mixed Concrete|Concrete Aggregates|Fiber-Reinforced Concrete|Self-Consolidating Concrete',
  ],
  [
    'C16',
    'Thermal Insulation',
    'ATMS',
    'CONST ENRGY',
    'Mineral Fiber Insulation|Cellular Glass Insulation|Reflective Insulation Systems',
  ],
  [
    'C24',
    'Building Seals and Sealants',
    'ATMS',
    'CONST',
    'Elastomeric Joint Sealants|Preformed Compression Seals|Structural Glazing Sealants',
  ],
  [
    'D01',
    'Paint and Related Coatings, Materials, and Applications',
    'ATMS',
    'PAINT',
    'Architectural Coatings|Epoxy Floor Coatings|Powder Coatings|Coil Coatings',
  ],
  [
    'D04',
    'Road and Paving Materials',
    'ATMS',
    'CONST GEOTC',
    'Hot-Mix Asphalt|Asphalt Binders|Emulsified Asphalt|Bituminous Paving Mixtures',
  ],
  [
    'D08',
    'Roofing and Waterproofing',
    'ATMS',
    'CONST',
    'Modified Bitumen Roofing|Asphalt Shingles|Liquid-Applied Waterproofing Membranes',
  ],
  [
    'D11',
    'Rubber and Rubber-like Materials',
    'ATMS',
    'RUBBR',
    'Vulcanized Rubber|Thermoplastic Elastomers|Rubber Hose',
  ],
  ['D13', 'Textiles', 'ATMS', 'TEXTL', 'Woven Fabrics|Nonwoven Textiles|Yarns and Fibers'],
  ['D18', 'Soil and Rock', 'ATMS', 'GEOTC', 'Cohesive Soils|Compacted Fill|Intact Rock Core Specimens'],
  [
    'D20',
    'Plastics',
    'ATMS',
    'PLAST',
    'Plastics|Polyethylene Film|Rigid Poly(Vinyl Chloride) Compounds|Polypropylene Molding Materials',
  ],
  [
    'D22',
    'Air Quality',
    'ATMS',
    'ENVIR SAFTY',
    'Ambient Air|Workplace Atmospheres|Stationary Source Emissions',
  ],
  [
    'D30',
    'Composite Materials',
    'ATMS',
    'AEROS PLAST',
    'Polymer Matrix Composites|Carbon Fiber Laminates|Sandwich Core Materials',
  ],
  ['D35', 'Geosynthetics', 'ATMS', 'GEOTC CONST', 'Geotextiles|Geomembranes|Geogrids'],
  ['E07', 'Nondestructive Testing', 'ATMS', 'NDTST', 'Weldments|Steel Castings|Composite Structures'],
  [
    'E08',
    'Fatigue and Fracture',
    'ATMS',
    'METAL NDTST',
    'Metallic Materials|Welded Joints|Structural Alloys',
  ],
  [
    'E11',
    'Quality and Statistics',
    'ATMS',
    'QUALT',
    'Interlaboratory Studies|Test Method Precision Data|Acceptance Sampling Plans',
  ],
  [
    'E12',
    'Color and Appearance',
    'ATMS',
    'PAINT CONSM',
    'Opaque Materials|Retroreflective Sheeting|Transparent Plastics',
  ],
  ['E28', 'Mechanical Testing', 'ATMS', 'METAL QUALT', 'Metallic Materials|Test Specimens|Testing Machines'],
  [
    'E37',
    'Thermal Measurements',
    'ATMS',
    'CHEMS QUALT',
    'Polymers|Pharmaceutical Solids|Thermal Analysis Instruments',
  ],
  [
    'E50',
    'Environmental Assessment, Risk Management and Corrective Action',
    'ATMS',
    'ENVIR',
    'Contaminated Sites|Commercial Real Estate Parcels|Groundwater Monitoring Wells',
  ],
  ['E56', 'Nanotechnology', 'ATMS', 'NANOT', 'Nanoparticles|Carbon Nanotubes|Nanomaterial Dispersions'],
  [
    'E57',
    '3D Imaging Systems',
    'ATMS',
    'NDTST SECUR',
    'Terrestrial Laser Scanners|Point Cloud Data|Structured-Light Sensors',
  ],
  [
    'F06',
    'Resilient Floor Coverings',
    'ATMS',
    'CONST CONSM',
    'Vinyl Composition Tile|Rubber Floor Tile|Luxury Vinyl Plank',
  ],
  [
    'F08',
    'Sports Equipment, Playing Surfaces, and Facilities',
    'ATMS',
    'SPORT',
    'Synthetic Turf Systems|Protective Headgear|Playground Surfacing',
  ],
  [
    'F15',
    'Consumer Products',
    'ATMS',
    'CONSM SAFTY',
    "Children's Furniture|Window Coverings|Portable Fuel Containers",
  ],
  [
    'F17',
    'Plastic Piping Systems',
    'ATMS',
    'PIPES PLAST',
    'Polyethylene Pressure Pipe|PVC Sewer Pipe|Crosslinked Polyethylene Tubing',
  ],
  [
    'G01',
    'Corrosion of Metals',
    'ATMS',
    'CORRS METAL',
    'Metallic Coupons|Buried Steel Structures|Stainless Steel Weldments',
  ],
  [
    'G03',
    'Weathering and Durability',
    'ATMS',
    'CORRS PLAST',
    'Nonmetallic Materials|Exterior Coatings|Photovoltaic Encapsulants',
  ],
  [
    'D02',
    'Petroleum Products, Liquid Fuels, and Lubricants',
    'PQCI',
    'PETRO',
    'Diesel Fuel Oils|Lubricating Greases|Aviation Turbine Fuels|Hydraulic Fluids',
  ],
  ['D03', 'Gaseous Fuels', 'PQCI', 'PETRO ENRGY', 'Natural Gas|Liquefied Petroleum Gas|Biomethane'],
  [
    'D05',
    'Coal and Coke',
    'PQCI',
    'PETRO ENRGY',
    'Bituminous Coal|Metallurgical Coke|Coal Combustion Residues',
  ],
  [
    'D16',
    'Aromatic, Industrial, Specialty and Related Chemicals',
    'PQCI',
    'CHEMS',
    'Industrial Solvents|Aromatic Hydrocarbons|Specialty Glycols',
  ],
  [
    'D27',
    'Electrical Insulating Liquids and Gases',
    'PQCI',
    'PETRO ELECT',
    'Mineral Insulating Oil|Natural Ester Fluids|Insulating Gases',
  ],
  [
    'W10',
    'Water Treatment Chemicals',
    'NWSA',
    'WATER CHEMS',
    'Liquid Chlorine|Sodium Hypochlorite|Aluminum Sulfate|Powdered Activated Carbon',
  ],
  [
    'W20',
    'Pipe and Fittings',
    'NWSA',
    'WATER PIPES',
    'Ductile-Iron Pipe|Steel Water Pipe|Concrete Pressure Pipe',
  ],
  [
    'W30',
    'Valves and Hydrants',
    'NWSA',
    'WATER PIPES',
    'Gate Valves|Butterfly Valves|Dry-Barrel Fire Hydrants',
  ],
  [
    'W40',
    'Storage Tanks',
    'NWSA',
    'WATER CONST',
    'Welded Carbon Steel Tanks|Prestressed Concrete Tanks|Bolted Steel Tanks',
  ],
  [
    'W50',
    'Water Meters',
    'NWSA',
    'WATER ELECT',
    'Cold-Water Meters|Ultrasonic Flowmeters|Automatic Meter Reading Systems',
  ],
  [
    'W60',
    'Disinfection and Treatment Processes',
    'NWSA',
    'WATER ENVIR',
    'Granular Filtration Media|Ultraviolet Disinfection Systems|Membrane Treatment Systems',
  ],
  [
    'E05',
    'Fire Standards',
    'GBSO',
    'FIRES CONST',
    'Building Construction Materials|Interior Finishes|Fire-Resistive Joint Systems',
  ],
  ['E06', 'Performance of Buildings', 'GBSO', 'CONST', 'Exterior Windows|Curtain Walls|Building Enclosures'],
  [
    'E60',
    'Sustainability',
    'GBSO',
    'ENVIR CONST',
    'Building Products|Commercial Buildings|Infrastructure Projects',
  ],
  [
    'C15',
    'Manufactured Masonry Units',
    'GBSO',
    'CONST CONCR',
    'Concrete Masonry Units|Clay Building Brick|Glazed Structural Units',
  ],
  [
    'E54',
    'Security and Emergency Response',
    'GBSO',
    'SECUR SAFTY',
    'Emergency Operations Centres|Trace Explosive Detectors|Radiation Detection Instruments',
  ],
  [
    'F04',
    'Medical and Surgical Materials and Devices',
    'HSSB',
    'MEDIC',
    'Orthopaedic Implants|Surgical Instruments|Implantable Polymers',
  ],
  [
    'F23',
    'Personal Protective Clothing and Equipment',
    'HSSB',
    'SAFTY TEXTL',
    'Protective Gloves|Chemical Protective Clothing|High-Visibility Garments',
  ],
  [
    'E55',
    'Manufacture of Pharmaceutical and Biopharmaceutical Products',
    'HSSB',
    'PHARM',
    'Process Analytical Systems|Single-Use Bioprocessing Components|Pharmaceutical Powders',
  ],
  [
    'D10',
    'Packaging',
    'HSSB',
    'FOODS CONSM',
    'Flexible Barrier Packaging|Corrugated Shipping Containers|Sterile Barrier Systems',
  ],
  ['F16', 'Fasteners', 'IMEC', 'METAL AUTOM', 'Hex Cap Screws|Structural Bolts|Anchor Rods'],
  [
    'F37',
    'Light Sport Aircraft',
    'IMEC',
    'AEROS',
    'Light Aircraft Airframes|Powerplant Installations|Aircraft Maintenance Programs',
  ],
  [
    'F42',
    'Additive Manufacturing Technologies',
    'IMEC',
    'ADDMF METAL',
    'Powder Bed Fusion Parts|Metal Powders|Additively Manufactured Polymer Parts',
  ],
  [
    'F38',
    'Unmanned Aircraft Systems',
    'IMEC',
    'AEROS AUTOM',
    'Small Unmanned Aircraft|Remote Pilot Stations|Detect-and-Avoid Systems',
  ],
  [
    'F18',
    'Electrical Protective Equipment for Workers',
    'ESIC',
    'ELECT SAFTY',
    'Rubber Insulating Gloves|Insulating Blankets|Arc-Rated Clothing',
  ],
  [
    'E44',
    'Solar, Geothermal and Other Alternative Energy Sources',
    'ESIC',
    'ENRGY ELECT',
    'Photovoltaic Modules|Solar Thermal Collectors|Geothermal Heat Pumps',
  ],
];

const PROPERTIES = [
  'Tensile Properties',
  'Compressive Strength',
  'Flexural Properties',
  'Density and Specific Gravity',
  'Water Absorption',
  'Rockwell Hardness',
  'Impact Resistance',
  'Thermal Conductivity',
  'Linear Thermal Expansion',
  'Chemical Resistance',
  'Dimensional Stability',
  'Surface Burning Characteristics',
  'Colorfastness to Light',
  'Volume Resistivity',
  'Moisture Content',
  'Particle Size Distribution',
  'Kinematic Viscosity',
  'Ash Content',
  'Total Sulfur',
  'Abrasion Resistance',
  'Fatigue Crack Growth Rates',
  'Creep and Creep Rupture',
  'Pull-Off Adhesion Strength',
  'Surface Roughness',
  'Tear Resistance',
  'Shear Strength',
  'Elastic Modulus',
  'Heat Deflection Temperature',
  'Oxidation Stability',
  'Flash Point',
  'Residual Stress',
  'Freeze-Thaw Resistance',
  'Water Vapor Transmission',
  'Leachable Lead',
  'Trace Metals',
  'Bond Strength',
  'Apparent Porosity',
  'Coefficient of Friction',
  'Dielectric Breakdown Voltage',
  'Mass Loss on Heating',
] as const;

const METHOD_QUALIFIERS = [
  ' by X-Ray Fluorescence Spectrometry',
  ' Using a Universal Testing Machine',
  ' by Ultrasonic Pulse Velocity',
  ' Under Controlled Humidity',
  ' at Elevated Temperatures',
  ' by Thermogravimetric Analysis',
  ' (Laboratory Method)',
  ' in the Field',
  ' by Inductively Coupled Plasma Atomic Emission Spectrometry',
  ' Using Small-Scale Specimens',
  ' by Digital Image Correlation',
  ' (Accelerated Procedure)',
] as const;

const SPEC_PREFIXES = [
  '',
  '',
  '',
  'High-Strength ',
  'Recycled-Content ',
  'Low-Emission ',
  'Heavy-Duty ',
] as const;
const SPEC_SUFFIXES = [
  '',
  '',
  ' for General Service',
  ' for High-Temperature Service',
  ' for Potable Water Applications',
  ' for Structural Use',
  ' for Marine Environments',
  ' for Low-Temperature Service',
  ' for Use in Seismic Regions',
] as const;
const PRACTICES = [
  'Sampling',
  'Conditioning',
  'Preparing Test Specimens of',
  'Installing',
  'Inspecting',
  'Storing and Handling',
  'Calibrating Instruments Used to Test',
  'Reporting Test Results for',
  'Field Acceptance Testing of',
  'Accelerated Aging of',
] as const;
const GUIDES = [
  'Selecting',
  'Evaluating the Service Life of',
  'Maintaining',
  'Specifying',
  'Assessing Damage to',
  'Life-Cycle Assessment of',
  'Design with',
  'Recycling and Reuse of',
  'Quality Assurance Programs for',
] as const;

type TitleKind = 'method' | 'specification' | 'practice' | 'guide' | 'classification' | 'terminology';
const TITLE_KINDS: ReadonlyArray<readonly [TitleKind, number]> = [
  ['method', 46],
  ['specification', 26],
  ['practice', 12],
  ['guide', 10],
  ['classification', 4],
  ['terminology', 2],
];

interface CommitteeModel extends CatalogueCommittee {
  series: string;
  areas: string[];
  subjects: string[];
}

function title(rng: Random, c: CommitteeModel, kind: TitleKind): string {
  const subject = rng.pick(c.subjects);
  switch (kind) {
    case 'method':
      return `Standard Test Method for ${rng.pick(PROPERTIES)} of ${subject}${rng.chance(0.3) ? rng.pick(METHOD_QUALIFIERS) : ''}`;
    case 'specification':
      return `Standard Specification for ${rng.pick(SPEC_PREFIXES)}${subject}${rng.pick(SPEC_SUFFIXES)}`;
    case 'practice':
      return `Standard Practice for ${rng.pick(PRACTICES)} ${subject}`;
    case 'guide':
      return `Standard Guide for ${rng.pick(GUIDES)} ${subject}`;
    case 'classification':
      return `Standard Classification System for ${subject}`;
    case 'terminology':
      return `Standard Terminology Relating to ${c.title}`;
  }
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const dateIn = (rng: Random, year: number) => `${year}-${pad2(rng.int(1, 12))}-${pad2(rng.int(1, 28))}`;

/** The latest edition year in the demo catalogue (fixed, so output never depends on the clock). */
const LATEST_YEAR = 2025;

type Weighted = ReadonlyArray<readonly [CommitteeModel, number]>;

/** One edition of a standard of committee `c` (its designation, asset id and content code follow from it). */
function edition(
  rng: Random,
  c: CommitteeModel,
  number: number,
  year: number,
  status: StandardStatus,
  t: string,
  areas: string[],
): CatalogueStandard {
  const designation = `${c.series}${number}-${pad2(year % 100)}`;
  return {
    assetId: designation.toLowerCase(),
    contentCode: `${c.publisherCode}-${c.series}${String(number).padStart(4, '0')}-${year}`,
    designation,
    title: t,
    publisherCode: c.publisherCode,
    committeeDesignation: c.designation,
    status,
    edition: String(year),
    publishedOn: dateIn(rng, year),
    industryAreas: areas,
  };
}

/** The committee's main area first, then up to two more: its own second area or a neighbouring field. */
function areasOf(rng: Random, c: CommitteeModel): string[] {
  const areas = [c.areas[0]!];
  const extra = rng.weighted([
    [0, 5],
    [1, 4],
    [2, 1],
  ] as const);
  const candidates = [...c.areas.slice(1), ...INDUSTRY_AREAS.map((a) => a.marketingCode)];
  while (areas.length < 1 + extra) {
    const code = rng.chance(0.6) && c.areas.length > 1 ? c.areas[1]! : rng.pick(candidates);
    if (!areas.includes(code)) areas.push(code);
  }
  return areas;
}

/** The standards: numbers unique per series, titles unique, one terminology per committee. */
function generateStandards(rng: Random, committeeWeights: Weighted, count: number): CatalogueStandard[] {
  const standards: CatalogueStandard[] = [];
  const usedNumbers = new Map<string, Set<number>>(); // per series letter: standard numbers are unique
  const usedTitles = new Set<string>();
  const terminologyDone = new Set<string>();
  while (standards.length < count) {
    const c = rng.weighted(committeeWeights);
    const numbers = usedNumbers.get(c.series) ?? new Set<number>();
    usedNumbers.set(c.series, numbers);
    let number = rng.int(1, 8999);
    while (numbers.has(number)) number = rng.int(1, 8999);
    numbers.add(number);

    let kind = rng.weighted(TITLE_KINDS);
    if (kind === 'terminology' && terminologyDone.has(c.designation)) kind = 'method';
    if (kind === 'terminology') terminologyDone.add(c.designation);
    let t = title(rng, c, kind);
    for (let attempt = 0; usedTitles.has(t) && attempt < 20; attempt++)
      t = title(rng, c, kind === 'terminology' ? 'method' : kind);
    usedTitles.add(t);
    const areas = areasOf(rng, c);

    if (rng.chance(0.07)) {
      // Withdrawn without replacement: usually an older edition.
      standards.push(edition(rng, c, number, rng.int(1996, 2019), 'withdrawn', t, areas));
      continue;
    }
    // Current editions cluster in recent years.
    const year = LATEST_YEAR - Math.floor(rng.next() ** 2 * 24);
    standards.push(edition(rng, c, number, year, 'active', t, areas));
    // Some current standards keep their superseded edition in the catalogue, as "historical".
    if (standards.length < count && rng.chance(0.12)) {
      standards.push(edition(rng, c, number, year - rng.int(3, 9), 'historical', t, areas));
    }
  }
  return standards;
}

/** Work items: revisions of a committee's active standards, or new documents, in every status. */
function generateWorkItems(
  rng: Random,
  committeeWeights: Weighted,
  standards: CatalogueStandard[],
  count: number,
): CatalogueWorkItem[] {
  const workItems: CatalogueWorkItem[] = [];
  const usedWorkItems = new Set<string>();
  const activeByCommittee = new Map<string, CatalogueStandard[]>();
  for (const s of standards) {
    if (s.status !== 'active') continue;
    const list = activeByCommittee.get(s.committeeDesignation) ?? [];
    list.push(s);
    activeByCommittee.set(s.committeeDesignation, list);
  }
  while (workItems.length < count) {
    let workItemNumber = `WK${rng.int(10000, 99999)}`;
    while (usedWorkItems.has(workItemNumber)) workItemNumber = `WK${rng.int(10000, 99999)}`;
    usedWorkItems.add(workItemNumber);
    const c = rng.weighted(committeeWeights);
    const revisable = activeByCommittee.get(c.designation) ?? [];
    let workItemTitle: string;
    if (revisable.length > 0 && rng.chance(0.55)) {
      const s = rng.pick(revisable);
      workItemTitle = `Revision of ${s.designation} ${s.title}`;
    } else {
      const kind = rng.weighted(TITLE_KINDS.filter(([k]) => k !== 'terminology'));
      workItemTitle = `New ${title(rng, c, kind).replace(/^Standard /, '')}`;
    }
    const status = rng.weighted<WorkItemStatus>([
      ['proposed', 30],
      ['in_ballot', 30],
      ['approved', 15],
      ['published', 15],
      ['withdrawn', 10],
    ]);
    workItems.push({
      workItemNumber,
      title: workItemTitle,
      committeeDesignation: c.designation,
      status,
      createdOn: dateIn(rng, rng.int(2021, LATEST_YEAR)),
    });
  }
  return workItems;
}

/** Builds the catalogue for `seed`: the same seed gives the same catalogue, value for value. */
export function generateCatalogue(
  seed = DEMO_CATALOGUE_SEED,
  size: CatalogueSize = DEMO_CATALOGUE_SIZE,
): Catalogue {
  const rng = createRandom(seed);
  const committees: CommitteeModel[] = COMMITTEES.map(
    ([designation, committeeTitle, publisherCode, areas, subjects]) => ({
      designation,
      title: committeeTitle,
      publisherCode,
      series: designation.charAt(0),
      areas: areas.split(' '),
      subjects: subjects.split('|'),
    }),
  );
  // Some committees are far busier than others, as in any real catalogue.
  const committeeWeights = committees.map((c) => [c, 0.4 + rng.next() * 1.6] as const);
  const standards = generateStandards(rng, committeeWeights, size.standards);
  const workItems = generateWorkItems(rng, committeeWeights, standards, size.workItems);
  return {
    publishers: PUBLISHERS.map((p) => ({ ...p })),
    committees: committees.map(({ designation, title: t, publisherCode }) => ({
      designation,
      title: t,
      publisherCode,
    })),
    industryAreas: INDUSTRY_AREAS.map((a) => ({ ...a })),
    standards,
    workItems,
  };
}

let demoCatalogue: Catalogue | undefined;

/** The demo catalogue (generated once per process; treat it as read-only). */
export function getDemoCatalogue(): Catalogue {
  demoCatalogue ??= generateCatalogue();
  return demoCatalogue;
}
