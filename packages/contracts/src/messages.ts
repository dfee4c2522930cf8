/** Texts the client compares against or shows verbatim: the specification's exact wording. */
export const MESSAGES = {
  loginSuccess: 'Login Succesful',
  loginFallback: 'An error occurred while logging in. Please try again later.',
  logoutFailed: 'Logout failed',
  logoutFallback: 'An error occurred while logging out. Please try again later.',
  registerFallback: 'An error occurred while registering. Please try again later.',
  registrationSuccessBanner: 'Registration successful. Kindly login.',
  customRequestSuccess: 'Your Custom Order Requested Placed Successfully! Our Admin team will get back to you within 48Hrs.',
  shortRegistrationSuccess: 'Registration Successful. Our support team will get back to you soon!',
  shortRegistrationFailed: 'Registration Failed.',
  notFound: "Ooops! That page doesn't exist!",
  orderPlaced: 'Your order has been placed successfully',
  orderFollowUp: 'Our team will get back to you over phone call',
  otpPrompt: 'Enter the One time password sent to your e-mail.',
  resetPrompt: 'Create a new password.',
  pincodePrompt: 'Provide pincode for delivery date & nearby stores!',
  wishlistLoadError: 'Error fetching data',
} as const;
