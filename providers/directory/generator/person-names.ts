// Person names generated people draw from.

export const FIRST_NAMES = [
  'James', 'Mary', 'John', 'Patricia', 'Robert', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David', 'Barbara',
  'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel', 'Nancy', 'Matthew', 'Lisa',
  'Anthony', 'Betty', 'Mark', 'Sandra', 'Steven', 'Ashley', 'Paul', 'Emily', 'Andrew', 'Michelle', 'Joshua', 'Amanda',
  'Kevin', 'Melissa', 'Brian', 'Stephanie', 'George', 'Rebecca', 'Timothy', 'Laura', 'Ryan', 'Emma', 'Jacob', 'Olivia',
  'Noah', 'Sophia', 'Liam', 'Isabella', 'Ethan', 'Mia', 'Lucas', 'Charlotte', 'Oliver', 'Amelia', 'Henry', 'Harper',
  'Leo', 'Chloe', 'Max', 'Hannah', 'Felix', 'Lena', 'Jonas', 'Anna', 'Lukas', 'Marie', 'Clara', 'Hugo', 'Louise',
  'Louis', 'Camille', 'Arthur', 'Jade', 'Raphael', 'Manon', 'Pablo', 'Lucia', 'Javier', 'Carmen', 'Mateo', 'Sofia',
  'Lars', 'Astrid', 'Erik', 'Ingrid', 'Sven', 'Freya', 'Daan', 'Sanne', 'Bram', 'Fleur', 'Arjun', 'Priya', 'Rahul',
  'Ananya', 'Vikram', 'Kavya', 'Rohan', 'Divya', 'Wei', 'Mei', 'Hiroshi', 'Yuki', 'Kenji', 'Aiko', 'Omar', 'Layla',
  'Ahmed', 'Fatima', 'Aoife', 'Sean', 'Niamh', 'Marco', 'Giulia', 'Luca', 'Chiara', 'Tomasz', 'Zofia', 'Rafael',
  'Beatriz', 'Gabriel', 'Mariana', 'Noor', 'Ravi', 'Sara', 'Nina', 'Alex', 'Sam', 'Jordan', 'Taylor', 'Morgan', 'Casey',
];
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez',
  'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson',
  'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright',
  'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell',
  'Mitchell', 'Carter', 'Roberts', 'Evans', 'Turner', 'Phillips', 'Parker', 'Collins', 'Edwards', 'Stewart', 'Morris',
  'Murphy', 'Cook', 'Rogers', 'Morgan', 'Cooper', 'Peterson', 'Reed', 'Bailey', 'Bell', 'Kelly', 'Howard', 'Ward', 'Cox',
  'Richardson', 'Wood', 'Watson', 'Brooks', 'Bennett', 'Gray', 'Hughes', 'Price', 'Sanders', 'Patel', 'Sharma', 'Singh',
  'Kumar', 'Gupta', 'Reddy', 'Iyer', 'Mehta', 'Chen', 'Wang', 'Li', 'Zhang', 'Liu', 'Tanaka', 'Suzuki', 'Sato',
  'Yamamoto', 'Kim', 'Park', 'Choi', 'Mueller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker',
  'Hoffmann', 'Schulz', 'Dubois', 'Durand', 'Lefebvre', 'Moreau', 'Laurent', 'Simon', 'Michel', 'Bernard', 'Fernandez',
  'Ruiz', 'Diaz', 'Moreno', 'Alvarez', 'Romero', 'Navarro', 'Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano',
  'de Vries', 'van Dijk', 'Bakker', 'Jansen', 'Visser', 'Smit', 'Andersson', 'Johansson', 'Karlsson', 'Nilsson',
  'Eriksson', 'Larsson', 'Olsen', 'Hansen', 'Nielsen', 'Kowalski', 'Nowak', 'Wisniewski', 'Silva', 'Santos', 'Oliveira',
  'Souza', 'Costa', 'Pereira', 'Murray', 'Byrne', 'Walsh', "O'Brien", 'Ryan', 'Doyle', 'McCarthy', 'Smith-Jones',
];
