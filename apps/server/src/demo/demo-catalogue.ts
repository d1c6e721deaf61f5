/**
 * The demo estate's belongings: three places, fifteen rooms, about two hundred items, named by the
 * style guide (seed section 5): Initial Caps; titled things by their title; otherwise a general
 * name, one or two descriptors, and a number for similar items; every item categorised; "Gift"
 * only from a child or grandchild (with the giver); books with author, binding and a cover photo.
 */

export type DemoItem = {
  name: string;
  categories: string[];
  tags?: string[];
  notes?: string;
  giver?: string;
  owners?: string;
  brand?: string;
  model?: string;
  year?: number;
  value?: number;
  distribution?: 'divide' | 'return';
  /** A photo showing the item's own name (books always get one: their cover). */
  photo?: boolean;
};

export type DemoRoom = { name: string; items: DemoItem[] };
export type DemoPlace = { location: string; color: string; rooms: DemoRoom[] };

type Extra = Omit<DemoItem, 'name' | 'categories'>;

const item = (name: string, categories: string, extra: Extra = {}): DemoItem => ({ name, categories: categories.split(', '), ...extra });

/** Similar things numbered 1..n, as the style guide asks. */
const series = (name: string, count: number, categories: string, extra: Extra = {}): DemoItem[] =>
  Array.from({ length: count }, (_, i) => item(`${name} ${i + 1}`, categories, i === 0 ? extra : { ...extra, photo: false }));

/** Margaret's children and grandchildren: only their presents are categorised "Gift". */
const FAMILY_GIVERS = new Set(['James Ellis', 'Laura Ellis Bennett', 'Michael Ellis', 'Anna Ellis Novak', 'Emily Bennett']);

const book = (title: string, author: string, binding: string, extra: Extra = {}): DemoItem =>
  item(title, extra.giver && FAMILY_GIVERS.has(extra.giver) ? 'Book, Gift' : 'Book', {
    brand: author,
    model: binding,
    giver: 'Margaret Ellis',
    photo: true,
    ...extra,
  });

export const DEMO_PLACES: DemoPlace[] = [
  {
    location: 'Family House',
    color: '#3f6e8c',
    rooms: [
      {
        name: 'Living Room',
        items: [
          item('Sofa Camelback Green Velvet', 'Furniture', { notes: 'Reupholstered in 1998. Small tear on the left arm.', value: 450, photo: true }),
          ...series('Armchair Wingback Floral', 2, 'Furniture'),
          item('Coffee Table Walnut', 'Furniture', { notes: 'Water ring on the top from a vase.' }),
          item('Grandfather Clock Walnut', 'Furniture, Heirloom', {
            brand: 'Howard Miller',
            year: 1964,
            value: 1800,
            tags: ['Heavy', 'Appraised'],
            notes: 'Westminster chime. The winding key is in the top drawer of the hall table.',
            photo: true,
          }),
          item('Floor Lamp Brass', 'Lighting'),
          ...series('Table Lamp Ceramic Blue', 2, 'Lighting'),
          item('Sunset Over Lake Winnipesaukee', 'Art, Heirloom', { brand: 'Harold Ellis', year: 1971, value: 300, notes: 'Oil on canvas, painted by Harold. Frame 24 × 36 in.', photo: true }),
          item('The Old Mill at Meredith', 'Art', { notes: 'Framed watercolour print, signed and numbered 112/250.' }),
          item('Mantel Clock Oak', 'Decor', { notes: 'Runs eight days on one winding; chimes on the hour.' }),
          item('Persian Rug Red Wool', 'Decor', { value: 2200, tags: ['Appraised'], notes: 'Hand-knotted Heriz, 8 × 10 ft, bought in 1985.', photo: true }),
          item('Piano Upright Mahogany', 'Music, Furniture', {
            brand: 'Baldwin',
            model: 'Acrosonic',
            year: 1958,
            value: 1200,
            tags: ['Heavy'],
            notes: 'Needs tuning. The bench is included, with sheet music inside.',
            photo: true,
          }),
          ...series('Bookcase Oak', 2, 'Furniture'),
          item('Throw Blanket Knitted Cream', 'Linens, Gift', { giver: 'Laura Ellis Bennett', notes: 'Knitted by Laura for Mum’s 80th birthday.' }),
          ...series('Photo Album Family', 3, 'Photographs, Heirloom', { notes: 'Family photographs 1965–1980, with captions in Mum’s hand.', photo: true }),
          ...series('Candlestick Brass', 2, 'Decor'),
          item('Record Player Console', 'Electronics, Music', { brand: 'Magnavox', model: 'Astro-Sonic', year: 1967, notes: 'Works; one speaker crackles.' }),
          item('Record Box Jazz', 'Music', { notes: 'About 60 LPs: Ella Fitzgerald, Dave Brubeck, Miles Davis, Oscar Peterson.' }),
        ],
      },
      {
        name: 'Dining Room',
        items: [
          item('Dining Table Mahogany Extending', 'Furniture', { value: 900, notes: 'Seats ten with both leaves. The leaves are in the hall closet.', photo: true }),
          ...series('Dining Chair Mahogany', 8, 'Furniture', { notes: 'Part of the set with the mahogany dining table.' }),
          item('China Cabinet Mahogany', 'Furniture', { value: 650, tags: ['Heavy'] }),
          item('China Set Wedgwood Countryware', 'China', {
            brand: 'Wedgwood',
            model: 'Countryware',
            value: 600,
            tags: ['Fragile'],
            notes: 'Service for twelve: dinner, salad and bread plates, cups and saucers. Two cups chipped.',
            photo: true,
          }),
          item('Gravy Boat Wedgwood', 'China', { brand: 'Wedgwood', model: 'Countryware', tags: ['Fragile'] }),
          item('Wine Glasses Waterford Lismore', 'Glassware', { brand: 'Waterford', model: 'Lismore', value: 480, tags: ['Fragile'], notes: 'Set of eight, in the original boxes.' }),
          item('Flatware Set Sterling Silver', 'Silver, Heirloom', {
            brand: 'Gorham',
            model: 'Chantilly',
            value: 3200,
            tags: ['Appraised'],
            notes: 'Service for twelve in the felt-lined chest. Wedding gift to Margaret and Harold, 1952.',
            photo: true,
          }),
          item('Tea Service Silver', 'Silver', { brand: 'Reed & Barton', value: 1500, notes: 'Teapot, coffee pot, creamer, sugar bowl and tray.', photo: true }),
          ...series('Serving Platter Silver Plate', 2, 'Silver'),
          ...series('Tablecloth Linen White', 2, 'Linens'),
          item('Candelabra Silver', 'Silver, Decor'),
          item('Sideboard Oak', 'Furniture', { notes: 'Holds the Christmas linens.' }),
        ],
      },
      {
        name: 'Kitchen',
        items: [
          item('Stand Mixer Red', 'Kitchenware, Electronics', { brand: 'KitchenAid', model: 'Artisan', year: 2004, value: 150 }),
          item('Dutch Oven Cast Iron Orange', 'Kitchenware', { brand: 'Le Creuset', notes: '5½ quart, the one used for Sunday stew.' }),
          ...series('Skillet Cast Iron', 3, 'Kitchenware', { brand: 'Griswold', notes: 'Well seasoned.' }),
          item('Recipe Box Wooden', 'Documents, Heirloom', { notes: 'Mum’s handwritten recipe cards, including the Christmas pudding.', photo: true }),
          item('Cookie Jar Owl', 'Kitchenware, Collectibles', { brand: 'McCoy', year: 1978 }),
          ...series('Mixing Bowl Pyrex', 4, 'Kitchenware', { brand: 'Pyrex', model: 'Primary Colors' }),
          item('Knife Block Set', 'Kitchenware', { brand: 'Wüsthof', model: 'Classic' }),
          item('Toaster Chrome', 'Kitchenware, Electronics', { brand: 'Sunbeam', model: 'T-20', year: 1958 }),
          item('Kitchen Table Pine', 'Furniture'),
          ...series('Kitchen Chair Pine', 4, 'Furniture'),
          item('Canister Set Ceramic', 'Kitchenware'),
          item('Apron Embroidered', 'Linens, Gift', { giver: 'Emily Bennett', notes: 'Made by Emily in fourth grade.' }),
          item('Bread Maker', 'Kitchenware, Electronics', { brand: 'Zojirushi' }),
          item('Tea Kettle Enamel Blue', 'Kitchenware'),
        ],
      },
      {
        name: 'Study',
        items: [
          book('Pride and Prejudice', 'Jane Austen', 'Hardcover', { year: 1946, notes: 'Folio Society edition with slipcase.' }),
          book('To Kill a Mockingbird', 'Harper Lee', 'Hardcover', { year: 1960, value: 400, tags: ['Appraised'], notes: 'First edition, seventh printing. Dust jacket worn.' }),
          book('The Joy of Cooking', 'Irma S. Rombauer', 'Hardcover', { year: 1975, notes: 'Heavily annotated in Mum’s hand.' }),
          book('Little Women', 'Louisa May Alcott', 'Hardcover', { year: 1915, giver: 'Ruth Ellis', notes: 'From Grandma Ruth; her name is on the flyleaf.' }),
          book('The Complete Works of Shakespeare', 'William Shakespeare', 'Leather'),
          book('Leaves of Grass', 'Walt Whitman', 'Leather'),
          book('A Field Guide to the Birds', 'Roger Tory Peterson', 'Paperback', { notes: 'Sightings pencilled in the margins.' }),
          book('The Hobbit', 'J. R. R. Tolkien', 'Hardcover', { year: 1966, giver: 'James Ellis', notes: 'Christmas gift from James, 1979. Inscribed.' }),
          book('Gone with the Wind', 'Margaret Mitchell', 'Hardcover', { year: 1936 }),
          book('The Old Man and the Sea', 'Ernest Hemingway', 'Paperback'),
          book('Rebecca', 'Daphne du Maurier', 'Hardcover'),
          book('The Grapes of Wrath', 'John Steinbeck', 'Hardcover'),
          book('Anne of Green Gables', 'L. M. Montgomery', 'Hardcover'),
          book('Charlotte’s Web', 'E. B. White', 'Hardcover', { giver: 'Michael Ellis' }),
          book('The Secret Garden', 'Frances Hodgson Burnett', 'Hardcover'),
          book('Jane Eyre', 'Charlotte Brontë', 'Paperback'),
          book('Walden', 'Henry David Thoreau', 'Paperback'),
          book('A Tree Grows in Brooklyn', 'Betty Smith', 'Hardcover'),
          book('The Good Earth', 'Pearl S. Buck', 'Hardcover'),
          book('Encyclopaedia Britannica', 'Encyclopaedia Britannica, Inc.', 'Hardcover', { year: 1968, tags: ['Heavy'], notes: 'Twenty-four volumes plus the index.' }),
          book('National Geographic Atlas of the World', 'National Geographic Society', 'Hardcover'),
          book('Holy Bible', 'King James Version', 'Leather', { giver: 'Ruth Ellis', notes: 'Family births and marriages recorded inside the front cover since 1889.' }),
          book('Mastering the Art of French Cooking', 'Julia Child', 'Hardcover'),
          book('The Velveteen Rabbit', 'Margery Williams', 'Hardcover', { giver: 'Anna Ellis Novak' }),
          item('Writing Desk Rolltop Oak', 'Furniture', { value: 800, notes: 'Key taped under the middle drawer.', photo: true }),
          item('Desk Chair Leather', 'Furniture'),
          item('Typewriter Manual', 'Electronics, Collectibles', { brand: 'Smith-Corona', model: 'Galaxie', year: 1962, photo: true }),
          item('Globe Floor Standing', 'Decor'),
          item('Fountain Pen Black', 'Collectibles', { brand: 'Parker', model: '51', year: 1948, value: 180 }),
          ...series('Stamp Album', 2, 'Collectibles', { notes: 'Harold’s US stamps, 1930–1975.' }),
          item('Box of Letters', 'Documents, Heirloom', { notes: 'Letters Harold wrote home from Korea, 1951–1953.', photo: true }),
          item('Desk Lamp Green Glass', 'Lighting'),
          item('Camera Rangefinder', 'Electronics, Collectibles', { brand: 'Leica', model: 'M3', year: 1956, value: 1400, tags: ['Appraised'], photo: true }),
        ],
      },
      {
        name: 'Main Bedroom',
        items: [
          item('Bed Four-Poster Cherry', 'Furniture', { value: 700, tags: ['Heavy'] }),
          item('Dresser Cherry', 'Furniture'),
          ...series('Nightstand Cherry', 2, 'Furniture'),
          item('Jewellery Box Mahogany', 'Jewelry, Decor'),
          item('Engagement Ring Diamond Solitaire', 'Jewelry, Heirloom', { value: 4500, tags: ['Appraised'], notes: '0.75 ct diamond on a platinum band. Appraised in 2019.', photo: true }),
          item('Pearl Necklace Single Strand', 'Jewelry', { brand: 'Mikimoto', value: 1200, photo: true }),
          item('Wristwatch Gold', 'Jewelry', { brand: 'Omega', model: 'Seamaster', year: 1962, value: 2400, owners: 'Harold Ellis', photo: true }),
          item('Brooch Cameo', 'Jewelry, Heirloom', { notes: 'Belonged to Grandma Ruth.', photo: true }),
          item('Earrings Pearl Drop', 'Jewelry'),
          item('Charm Bracelet Silver', 'Jewelry', { notes: 'Charms from family trips: Niagara Falls, Paris, Yellowstone.' }),
          item('Quilt Double Wedding Ring', 'Linens, Heirloom', { notes: 'Hand-quilted by Grandma Ruth, 1948.', photo: true }),
          item('Mirror Oval Gilt', 'Decor', { tags: ['Fragile'] }),
          item('Coat Mink Full Length', 'Clothing', { value: 600 }),
          item('Cedar Chest', 'Furniture, Heirloom', { notes: 'Hope chest; the christening gown is inside.' }),
          item('Christening Gown', 'Clothing, Heirloom', { notes: 'Worn by all four children and six grandchildren.', photo: true }),
          ...series('Hat Box Vintage', 2, 'Clothing'),
          item('Perfume Bottle Crystal', 'Collectibles', { tags: ['Fragile'] }),
        ],
      },
      {
        name: 'Guest Bedroom',
        items: [
          ...series('Bed Brass Single', 2, 'Furniture'),
          item('Chest of Drawers Pine', 'Furniture'),
          ...series('Bedside Lamp Glass', 2, 'Lighting'),
          item('Quilt Log Cabin', 'Linens'),
          item('Rocking Chair Oak', 'Furniture, Heirloom', { notes: 'Where Mum rocked every grandchild.', photo: true }),
          ...series('Doll Porcelain', 2, 'Toys & Games, Collectibles', { tags: ['Fragile'] }),
        ],
      },
      {
        name: 'Sewing Room',
        items: [
          item('Sewing Machine Treadle', 'Sewing, Furniture', { brand: 'Singer', model: '66', year: 1922, value: 250, photo: true }),
          item('Sewing Machine Electric', 'Sewing', {
            brand: 'Bernina',
            model: '830',
            owners: 'Helen Porter',
            distribution: 'return',
            notes: 'Borrowed from Helen Porter next door; it goes back to her.',
          }),
          item('Button Tin', 'Sewing, Collectibles', { notes: 'Thousands of buttons, some from the 1920s.' }),
          ...series('Fabric Bin', 3, 'Sewing'),
          item('Dress Form Adjustable', 'Sewing'),
          item('Quilting Frame Wooden', 'Sewing'),
        ],
      },
      {
        name: 'Garage',
        items: [
          item('Workbench Oak', 'Tools, Furniture', { tags: ['Heavy'], notes: 'Built by Harold; bolted to the wall.' }),
          item('Table Saw', 'Tools', { brand: 'Craftsman', year: 1985, tags: ['Heavy'] }),
          item('Toolbox Red Rolling', 'Tools', { brand: 'Craftsman', notes: 'Full of hand tools: wrenches, sockets, screwdrivers.', photo: true }),
          item('Drill Cordless', 'Tools', { brand: 'DeWalt' }),
          item('Ladder Aluminium Extension', 'Tools'),
          item('Lawn Mower Push', 'Garden', { brand: 'Toro' }),
          item('Snow Blower', 'Garden', { brand: 'Ariens' }),
          item('Bicycle Blue', 'Sports', { brand: 'Schwinn', model: 'Collegiate', year: 1974 }),
          item('Bicycle Red', 'Sports', { brand: 'Schwinn', model: 'Sting-Ray', year: 1969 }),
          item('Golf Clubs Set', 'Sports', { brand: 'Ping', owners: 'Harold Ellis' }),
          ...series('Fishing Rod', 3, 'Sports, Outdoor'),
          item('Car Buick LeSabre', 'Vehicles', { year: 1998, value: 2500, notes: '82,000 miles. The title is in the rolltop desk.', photo: true }),
          item('Camping Tent Large', 'Outdoor, Sports'),
          item('Cooler Large Red', 'Outdoor'),
          ...series('Folding Table', 2, 'Furniture', { owners: 'St. Mark’s Church', distribution: 'return', notes: 'Borrowed from the St. Mark’s church hall.' }),
          item('Wheelbarrow', 'Garden'),
        ],
      },
      {
        name: 'Attic',
        items: [
          item('Steamer Trunk', 'Furniture, Heirloom', { notes: 'Came over from Liverpool with Harold’s parents in 1921.', photo: true }),
          ...series('Christmas Ornament Box', 3, 'Holiday'),
          item('Nativity Set Wooden', 'Holiday, Heirloom'),
          item('Train Set Electric', 'Toys & Games, Collectibles', { brand: 'Lionel', year: 1955, value: 650, photo: true }),
          item('Dollhouse Victorian', 'Toys & Games', { notes: 'Built by Harold for the girls, 1970.', photo: true }),
          item('Rocking Horse', 'Toys & Games'),
          item('Cradle Oak', 'Furniture, Heirloom'),
          item('Slide Projector', 'Electronics, Photographs', { brand: 'Kodak', model: 'Carousel 760' }),
          ...series('Slide Box Family Trips', 2, 'Photographs'),
          item('Sled Wooden', 'Sports', { brand: 'Flexible Flyer' }),
        ],
      },
    ],
  },
  {
    location: 'Lake Cottage',
    color: '#4c8c5a',
    rooms: [
      {
        name: 'Great Room',
        items: [
          item('Sofa Plaid', 'Furniture'),
          ...series('Adirondack Chair', 4, 'Outdoor, Furniture'),
          item('Loon at Dawn', 'Art, Gift', { giver: 'Anna Ellis Novak', notes: 'Painted by Anna for the cottage.', photo: true }),
          item('Wood Stove Cast Iron', 'Furniture', { brand: 'Jøtul', tags: ['Heavy'], notes: 'Installed; it stays with the cottage unless the family decides otherwise.' }),
          item('Board Games Box', 'Toys & Games', { notes: 'Scrabble, Monopoly, Parcheesi and several decks of cards.' }),
          item('Cribbage Board Walnut', 'Toys & Games, Heirloom'),
          item('Binoculars', 'Outdoor', { brand: 'Bushnell' }),
          item('Bookshelf Pine', 'Furniture'),
          item('Guitar Acoustic', 'Music', { brand: 'Martin', model: 'D-18', year: 1969, value: 3500, tags: ['Appraised'], photo: true }),
        ],
      },
      {
        name: 'Kitchen',
        items: [
          item('Coffee Pot Enamel', 'Kitchenware'),
          item('Picnic Basket Wicker', 'Outdoor, Kitchenware'),
          ...series('Pie Plate Pyrex', 2, 'Kitchenware', { brand: 'Pyrex' }),
          ...series('Mug Lake Moose', 4, 'Kitchenware'),
          item('Griddle Cast Iron', 'Kitchenware'),
        ],
      },
      {
        name: 'Bunk Room',
        items: [
          ...series('Bunk Bed Pine', 2, 'Furniture'),
          ...series('Sleeping Bag', 3, 'Outdoor'),
          item('Wool Blanket Striped', 'Linens', { brand: 'Hudson’s Bay' }),
        ],
      },
      {
        name: 'Boathouse',
        items: [
          item('Canoe Cedar Strip', 'Sports, Outdoor', { brand: 'Old Town', year: 1965, value: 2800, tags: ['Heavy', 'Appraised'], photo: true }),
          item('Kayak Green', 'Sports'),
          ...series('Paddle Wooden', 4, 'Sports'),
          ...series('Life Jacket', 4, 'Sports'),
          item('Outboard Motor', 'Tools, Sports', { brand: 'Evinrude', year: 1972 }),
          item('Rowboat Aluminium', 'Sports', { brand: 'Grumman' }),
        ],
      },
    ],
  },
  {
    location: 'Storage Unit 14',
    color: '#8c6a3f',
    rooms: [
      {
        name: 'Front Bay',
        items: [
          item('Hutch Pine', 'Furniture'),
          item('Armoire Walnut', 'Furniture', { value: 500 }),
          item('Patio Table Wrought Iron', 'Outdoor, Furniture'),
          ...series('Patio Chair Wrought Iron', 4, 'Outdoor, Furniture'),
          item('Treadmill', 'Sports, Electronics', { brand: 'NordicTrack' }),
        ],
      },
      {
        name: 'Back Shelves',
        items: [
          ...series('Tax Records Box', 2, 'Documents', { notes: 'Keep until 2030, then shred.' }),
          item('Christmas Dishes Spode', 'China, Holiday', { brand: 'Spode', model: 'Christmas Tree', tags: ['Fragile'] }),
          ...series('Suitcase Samsonite', 3, 'Travel'),
          item('Box of Lamp Shades', 'Lighting'),
          item('Sewing Patterns Box', 'Sewing'),
          item('Trophies Box', 'Collectibles', { owners: 'Michael Ellis and James Ellis', distribution: 'return', notes: 'Michael’s and James’s school trophies; they go back to them.' }),
        ],
      },
    ],
  },
];

/** Background colours for generated photos, by first category. */
export const CATEGORY_COLORS: Record<string, string> = {
  Furniture: '#8b5e3c',
  Lighting: '#c9a227',
  Art: '#7b4f9d',
  Decor: '#b5656b',
  Book: '#2f4f7f',
  Kitchenware: '#c0583b',
  China: '#4f86a8',
  Glassware: '#5fa3a3',
  Silver: '#8d99a6',
  Jewelry: '#a83f6b',
  Clothing: '#6d5a8c',
  Linens: '#a8906a',
  Tools: '#b03a2e',
  Garden: '#4f8a3c',
  Electronics: '#3c4f5f',
  Music: '#5a3c7b',
  'Toys & Games': '#d1682f',
  Collectibles: '#9c7a2f',
  Photographs: '#5f5f5f',
  Documents: '#6f6a58',
  Sports: '#2f7f6f',
  Outdoor: '#3f7f3f',
  Holiday: '#a12f2f',
  Sewing: '#b0577f',
  Vehicles: '#39414f',
  Travel: '#5b6f8c',
};
